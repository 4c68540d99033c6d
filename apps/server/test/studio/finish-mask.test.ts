/**
 * `finishMask` runs its erosion and feather only on the tiles the matte's edge crosses: the result
 * must be the whole-frame filters' result, tile seams and frame borders included.
 */
import { describe, expect, it } from 'vitest';
import { erode, gaussBlur } from '../../src/modules/processing/studio/planes.js';
import { finishMask } from '../../src/modules/processing/studio/refine-mask.js';

/** A soft disc touching the right border, a solid band touching the bottom, and a stray speck. */
function matte(width: number, height: number): Float32Array {
  const a = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width * 0.8, y - height * 0.4) / (width * 0.3);
      a[y * width + x] = y > height * 0.85 ? 1 : Math.min(1, Math.max(0, (1 - d) * 6));
    }
  }
  a[10 * width + 10] = 0.7;
  return a;
}

describe('finishMask', () => {
  it('equals erosion then feather over the whole frame', () => {
    // Sizes that are not multiples of the tile, so partial tiles at the borders are covered.
    for (const [w, h, r, sigma] of [
      [301, 203, 2, 2.05],
      [130, 70, 1, 1],
      [257, 129, 3, 4.5],
    ] as const) {
      const a = matte(w, h);
      const want = gaussBlur(erode(a, w, h, r), w, h, sigma);
      const got = finishMask(a, w, h, r, sigma);
      let worst = 0;
      for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i]! - want[i]!));
      expect(worst).toBeLessThan(1e-6);
      // The edge is really feathered (not just copied through): some values strictly between.
      expect(got.some((v) => v > 0.05 && v < 0.95)).toBe(true);
    }
  });
});
