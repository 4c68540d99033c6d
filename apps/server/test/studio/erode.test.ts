/**
 * The erosion of planes.ts (van Herk's running minima) against the minimum read window by window,
 * on random planes: radii from 1 to past the plane's size, windows cut by every border, and
 * values above 1, which the erosion caps.
 */
import { describe, expect, it } from 'vitest';
import { erode } from '../../src/modules/processing/studio/planes.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

function windowMin(data: Float32Array, width: number, height: number, r: number): Float32Array {
  const out = new Float32Array(data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let m = 1;
      for (let yy = Math.max(0, y - r); yy <= Math.min(height - 1, y + r); yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(width - 1, x + r); xx++)
          m = Math.min(m, data[yy * width + xx]!);
      out[y * width + x] = m;
    }
  return out;
}

describe('erode', () => {
  it('is the least value of each square window, capped at 1', () => {
    const random = seededRandom('erode');
    // Wider than one strip of columns (64), so the strips' seams are crossed too.
    for (const [width, height] of [
      [1, 1],
      [7, 3],
      [70, 41],
      [131, 9],
    ] as const) {
      // A spread of values, and one mostly above the cap with a few low pixels.
      const spread = new Float32Array(width * height).map(() => random.next() * 1.2);
      const high = new Float32Array(width * height).map(() =>
        random.next() < 0.03 ? random.next() : 1 + random.next(),
      );
      for (const data of [spread, high])
        for (const r of [1, 2, 3, 5, 8, 40, 200])
          expect(erode(data, width, height, r), `${width}×${height}, r ${r}`).toEqual(
            windowMin(data, width, height, r),
          );
    }
  });

  it('leaves a plane as it is for a radius below 1', () => {
    const data = Float32Array.from([0.2, 0.9, 0.5, 0.1]);
    expect(erode(data, 2, 2, 0)).toEqual(data);
  });
});
