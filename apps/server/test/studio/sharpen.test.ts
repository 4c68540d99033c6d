/**
 * The output sharpening (sharpen.ts): flat areas pass through untouched, an edge gets more
 * contrast on both sides, and the brightening and darkening stay within libvips' caps.
 */
import { describe, expect, it } from 'vitest';
import { sharpenToBytes } from '../../src/modules/processing/studio/sharpen.js';

const [W, H] = [40, 8];
// 0.25 and 0.75 as bytes (×255, rounded).
const [LO, HI] = [64, 191];

function step(lo: number, hi: number) {
  const data = new Float32Array(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) data.fill(x < W / 2 ? lo : hi, (y * W + x) * 3, (y * W + x) * 3 + 3);
  return { width: W, height: H, data };
}

const at = (bytes: Buffer, x: number) => bytes[(4 * W + x) * 3]!;

describe('sharpenToBytes', () => {
  it('leaves flat areas alone and steepens an edge within the caps', () => {
    const img = step(0.25, 0.75);
    const before = img.data.slice();
    const out = sharpenToBytes(img, { sigma: 1, m1: 0.4, m2: 1.2 });
    expect(img.data).toEqual(before);
    // Far from the edge: the plain value, rounded.
    expect(at(out, 2)).toBe(LO);
    expect(at(out, W - 3)).toBe(HI);
    // Next to the edge: darker on the dark side, brighter on the bright side.
    expect(at(out, W / 2 - 1)).toBeLessThan(LO);
    expect(at(out, W / 2)).toBeGreaterThan(HI);
    // Brightening is capped at 10 L* units and darkening at 20 (≈ 25.5 and 51 levels).
    const strong = sharpenToBytes(step(0.25, 0.75), { sigma: 1, m1: 0.4, m2: 20 });
    expect(at(strong, W / 2)).toBeLessThanOrEqual(HI + 26);
    expect(at(strong, W / 2 - 1)).toBeGreaterThanOrEqual(LO - 51);
  });
});
