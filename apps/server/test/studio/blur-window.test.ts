/**
 * `blurWindow` (planes.ts), which hair-matte.ts relies on to blur a window around the head instead
 * of the whole photo: the window gives the region the whole plane's blur, for the narrow blurs made
 * at full size and the wide ones made on a smaller copy. A window cut at half its reach, or off the
 * blur's cell grid, does not.
 */
import { describe, expect, it } from 'vitest';
import {
  blurWindow,
  gaussBlur,
  gaussBlurFactor,
  gaussBlurReach,
  gaussBlurReader,
  type Window,
} from '../../src/modules/processing/studio/planes.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

const width = 301;
const height = 223;
const region = { x0: 120, y0: 90, x1: 170, y1: 131 };

/** The largest difference over the region between the whole plane's blur and the window's. */
function windowError(data: Float32Array, sigma: number, win: Window): number {
  return windowErrorOver(region, data, sigma, win);
}

function windowErrorOver(region: Window, data: Float32Array, sigma: number, win: Window): number {
  const whole = gaussBlur(data, width, height, sigma);
  const ww = win.x1 - win.x0;
  const wh = win.y1 - win.y0;
  const part = new Float32Array(ww * wh);
  for (let y = 0; y < wh; y++)
    part.set(data.subarray((win.y0 + y) * width + win.x0, (win.y0 + y) * width + win.x1), y * ww);
  const blurred = gaussBlur(part, ww, wh, sigma);
  let worst = 0;
  for (let y = region.y0; y < region.y1; y++)
    for (let x = region.x0; x < region.x1; x++) {
      const got = blurred[(y - win.y0) * ww + x - win.x0]!;
      worst = Math.max(worst, Math.abs(whole[y * width + x]! - got));
    }
  return worst;
}

describe('blur window', () => {
  const random = seededRandom('blur window');
  const data = new Float32Array(width * height).map(() => random.next());

  for (const sigma of [1.6, 4, 9, 20.5, 30])
    it(`blurs the region as the whole plane does, σ ${sigma} (factor ${gaussBlurFactor(sigma)})`, () => {
      const win = blurWindow(region, width, height, sigma);
      expect(windowError(data, sigma, win)).toBeLessThan(1e-6);
      // Half as far and the region's edge reads the window's clamped border instead.
      const half = Math.floor(gaussBlurReach(sigma) / 2);
      const short = {
        x0: region.x0 - half,
        y0: region.y0 - half,
        x1: region.x1 + half,
        y1: region.y1 + half,
      };
      expect(windowError(data, sigma, short)).toBeGreaterThan(1e-4);
      // Off the grid of the smaller copy, its cells average other pixels.
      if (gaussBlurFactor(sigma) > 1)
        expect(windowError(data, sigma, { ...win, x0: win.x0 + 1 })).toBeGreaterThan(1e-4);
    });

  it('blurs the region as the whole plane does for two blurs on different grids', () => {
    // Factors 2 and 3: only a window on both grids (every 6 pixels) serves both.
    expect([gaussBlurFactor(6), gaussBlurFactor(9)]).toEqual([2, 3]);
    for (let shift = 0; shift < 6; shift++) {
      const moved = { ...region, x0: region.x0 + shift, y0: region.y0 + shift };
      const win = blurWindow(moved, width, height, 6, 9);
      for (const sigma of [6, 9]) {
        const err = windowErrorOver(moved, data, sigma, win);
        expect(err, `σ ${sigma}, region moved by ${shift}`).toBeLessThan(1e-6);
      }
    }
  });

  it('puts the window on the grid of every blur it serves, and clips it to the plane', () => {
    const win = blurWindow({ x0: 5, y0: 200, x1: 290, y1: 220 }, width, height, 20.5, 1.6);
    expect(win).toEqual({ x0: 0, y0: 200 - gaussBlurReach(20.5) - 2, x1: width, y1: height });
    expect(win.y0 % gaussBlurFactor(20.5)).toBe(0);
  });
});

describe('gaussBlurReader', () => {
  // Narrow (made at full size), and wide at several reductions, on a plane whose sides are not
  // multiples of any of them.
  for (const sigma of [1.6, 7.5, 13, 20.5, 40]) {
    it(`reads gaussBlur's values bit for bit (σ ${sigma}, reduced ${gaussBlurFactor(sigma)}×)`, () => {
      const random = seededRandom(`reader-${sigma}`);
      const data = Float32Array.from({ length: width * height }, () => random.next());
      const whole = gaussBlur(data, width, height, sigma);
      const read = gaussBlurReader(data, width, height, sigma);
      let differing = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) if (read(x, y) !== whole[y * width + x]) differing++;
      expect(differing).toBe(0);
    });
  }
});
