/**
 * Enlarges a small source photo once, when it is analysed, so every portrait of it starts from
 * more pixels than the upload had: Lanczos3 to at least ENLARGED_SIDE, then detail recovery, an
 * unsharp mask at the scale of the source's own pixels (σ grows with the factor), with its halo
 * limited (m2) so edges do not ring. Before that, the upload's JPEG block grid is softened
 * (deblock.ts). No learned super-resolution: see docs/decisions/019-studio-portrait-quality.md.
 */
import sharp from 'sharp';
import { deblock } from './deblock.js';

/** Long side a smaller source is enlarged to; portraits then resize this copy by about 1×. */
export const ENLARGED_SIDE = 2560;

export type Enlarged = { rgb: Buffer; width: number; height: number; factor: number };

/** The sharpen parameters for an enlargement by `factor` (tuned on the sample's face, see the bench). */
export function recoverySharpen(factor: number): { sigma: number; m1: number; m2: number; x1: number } {
  return { sigma: Math.min(3, 0.5 * factor), m1: 0.5, m2: 2.2, x1: 2 };
}

/** Whether a source of this size is enlarged at all (it is when notably under ENLARGED_SIDE). */
function isEnlarged(width: number, height: number): boolean {
  return ENLARGED_SIDE / Math.max(width, height) > 1.15;
}

/**
 * The enlargement's first step, the deblocking, on its own: it is the calling thread's part of
 * the work (the rest is libvips'), so a caller with a wait to fill may make it early and pass it
 * to `enlarge`. Undefined for a source that is not enlarged.
 */
export function deblockForEnlarging(rgb: Uint8Array, width: number, height: number): Uint8Array | undefined {
  return isEnlarged(width, height) ? deblock(rgb, width, height) : undefined;
}

/**
 * The enlarged copy, or null when the source is already big enough. `deblocked` is the source's
 * `deblockForEnlarging`, when the caller made it already.
 */
export async function enlarge(
  rgb: Buffer,
  width: number,
  height: number,
  deblocked?: Uint8Array,
): Promise<Enlarged | null> {
  if (!isEnlarged(width, height)) return null;
  const factor = ENLARGED_SIDE / Math.max(width, height);
  const w = Math.round(width * factor);
  const h = Math.round(height * factor);
  // The upload's JPEG blocks are softened first: enlarged ~5× they would tile the cheeks.
  const out = await sharp(deblocked ?? deblock(rgb, width, height), { raw: { width, height, channels: 3 } })
    .resize(w, h, { kernel: 'lanczos3', fit: 'fill' })
    .sharpen(recoverySharpen(factor))
    .raw()
    .toBuffer();
  return { rgb: out, width: w, height: h, factor: w / width };
}
