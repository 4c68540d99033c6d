/**
 * refine-mask.ts's `suppressPattern` against the window scan it makes for every unsure pixel,
 * bit for bit: it passes by the pixels whose window holds no confident background, and that must
 * change no value. Shapes on both sides of the scan's step of 2 (a long side of 585 px and more).
 */
import { describe, expect, it } from 'vitest';
import { smoothstep } from '../../src/modules/processing/studio/planes.js';
import { suppressPattern } from '../../src/modules/processing/studio/refine-mask.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

/** Every unsure pixel's window scanned for the nearest confident background's colour. */
function everyWindow(
  alpha: Float32Array,
  coarse: Float32Array,
  data: Float32Array,
  width: number,
  height: number,
) {
  const r = Math.max(4, Math.round(Math.max(width, height) / 90));
  const step = r > 6 ? 2 : 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const unsure = 1 - smoothstep(0.85, 0.99, coarse[i]!);
      if (unsure <= 0 || alpha[i]! <= 0.01) continue;
      let best = Infinity;
      for (let dy = -r; dy <= r && best > 0.0009; dy += step) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -r; dx <= r; dx += step) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (coarse[j]! >= 0.05) continue;
          let d = 0;
          for (let c = 0; c < 3; c++) d += (data[j * 3 + c]! - data[i * 3 + c]!) ** 2;
          if (d < best) best = d;
        }
      }
      if (best === Infinity) continue;
      const wallness = 1 - smoothstep(0.05, 0.11, Math.sqrt(best / 3));
      alpha[i] = alpha[i]! * (1 - wallness * unsure);
    }
}

/** A sitter (an ellipse, sure inside, unsure at its rim) on a wall, with wall-coloured spots on it. */
function scene(seed: string, width: number, height: number) {
  const random = seededRandom(seed);
  const n = width * height;
  const coarse = new Float32Array(n);
  const data = new Float32Array(n * 3);
  const wall = [0.8, 0.78, 0.7];
  const suit = [0.2, 0.22, 0.3];
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inside = 1 - Math.hypot((x - cx) / (width * 0.45), (y - cy) / (height * 0.45));
      coarse[i] = inside <= 0 ? random.next() * 0.04 : Math.min(1, 0.3 + inside * 3 + random.next() * 0.2);
      const colour = inside <= 0 || random.next() < 0.05 ? wall : suit;
      for (let c = 0; c < 3; c++) data[i * 3 + c] = colour[c]! + (random.next() - 0.5) * 0.06;
    }
  const alpha = Float32Array.from(coarse, (v) => (v < 0.05 ? 0 : Math.min(1, v * 1.1)));
  return { alpha, coarse, data };
}

describe('suppressPattern', () => {
  for (const [width, height] of [
    [120, 90],
    [600, 120],
    [97, 700],
  ] as const) {
    it(`lowers the same pixels by the same amounts as scanning every window (${width}×${height})`, () => {
      const { alpha, coarse, data } = scene(`${width}x${height}`, width, height);
      const expected = alpha.slice();
      everyWindow(expected, coarse, data, width, height);
      const got = alpha.slice();
      suppressPattern(got, coarse, { width, height, data });
      expect(Buffer.from(got.buffer).equals(Buffer.from(expected.buffer))).toBe(true);
      // The scene has both kinds of unsure pixel: some lowered, some with no background near.
      let lowered = 0;
      for (let i = 0; i < got.length; i++) if (got[i]! < alpha[i]!) lowered++;
      expect(lowered).toBeGreaterThan(50);
    });
  }
});
