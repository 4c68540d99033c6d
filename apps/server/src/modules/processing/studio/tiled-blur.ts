/**
 * `gaussBlurExact` computed tile by tile, for planes read only in a few places (the band along a
 * matte's edge): each tile is blurred in a window reaching as far as the three box passes do, so
 * its values are the whole-plane blur's (up to float rounding in the running sums), and tiles
 * nobody reads are skipped. At the frame's borders the window stops where the plane does, so the
 * edge clamping is the same too.
 */
import { gaussBlurExact, gaussBoxRadius } from './planes.js';

export const BLUR_TILE = 32;

export type BlurWindow = {
  /** The window, clipped to the plane: [x0, x1) × [y0, y1). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The tile's index across and down. */
  tx: number;
  ty: number;
};

/**
 * For each tile, `source` gives the planes to blur over its window (row-major, window-sized),
 * one constant per plane when the window is uniform (a blur leaves it so), or null to leave the
 * tile as `outs` have it. The blurred tile is written into `outs` (full-plane size).
 */
export function blurInTiles(
  width: number,
  height: number,
  sigma: number,
  outs: Float32Array[],
  source: (w: BlurWindow) => Float32Array[] | number[] | null,
): void {
  const reach = 3 * gaussBoxRadius(sigma);
  for (let ty = 0, tyi = 0; ty < height; ty += BLUR_TILE, tyi++) {
    const th = Math.min(height, ty + BLUR_TILE) - ty;
    for (let tx = 0, txi = 0; tx < width; tx += BLUR_TILE, txi++) {
      const tw = Math.min(width, tx + BLUR_TILE) - tx;
      const w: BlurWindow = {
        x0: Math.max(0, tx - reach),
        y0: Math.max(0, ty - reach),
        x1: Math.min(width, tx + BLUR_TILE + reach),
        y1: Math.min(height, ty + BLUR_TILE + reach),
        tx: txi,
        ty: tyi,
      };
      const got = source(w);
      if (!got) continue;
      const ww = w.x1 - w.x0;
      for (let k = 0; k < outs.length; k++) {
        const out = outs[k]!;
        const g = got[k]!;
        if (typeof g === 'number') {
          for (let y = ty; y < ty + th; y++) out.fill(g, y * width + tx, y * width + tx + tw);
          continue;
        }
        const done = gaussBlurExact(g, ww, w.y1 - w.y0, sigma);
        for (let y = ty; y < ty + th; y++) {
          const s = (y - w.y0) * ww + (tx - w.x0);
          out.set(done.subarray(s, s + tw), y * width + tx);
        }
      }
    }
  }
}

/** The window of `data` (a `width`-wide plane), copied out row by row. */
export function windowOf(data: Float32Array, width: number, w: BlurWindow): Float32Array {
  const ww = w.x1 - w.x0;
  const out = new Float32Array(ww * (w.y1 - w.y0));
  for (let y = w.y0; y < w.y1; y++)
    out.set(data.subarray(y * width + w.x0, y * width + w.x1), (y - w.y0) * ww);
  return out;
}

/** The window's single value if it holds only one, else null. */
export function uniformValue(data: Float32Array, width: number, w: BlurWindow): number | null {
  const first = data[w.y0 * width + w.x0]!;
  for (let y = w.y0; y < w.y1; y++)
    for (let i = y * width + w.x0, end = y * width + w.x1; i < end; i++) if (data[i] !== first) return null;
  return first;
}
