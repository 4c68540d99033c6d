/** Render sizes per style aspect: about one megapixel, sides multiples of 16 (what diffusion models want). */
import type { StyleSpec } from '../processing/providers/types.js';

const SIZES: Record<StyleSpec['aspect'], { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '4:5': { width: 896, height: 1120 },
  '3:4': { width: 864, height: 1152 },
  '2:3': { width: 832, height: 1248 },
};

export function renderSize(aspect: StyleSpec['aspect']): { width: number; height: number } {
  return SIZES[aspect] ?? SIZES['4:5'];
}
