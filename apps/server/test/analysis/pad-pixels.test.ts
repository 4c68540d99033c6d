import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { padPixels, type Border } from '../../src/modules/analysis/vision/pad-pixels.js';

/** Pseudo-random bytes, the same on every run. */
function pixels(width: number, height: number, seed: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < out.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

async function bySharp(rgb: Buffer, width: number, height: number, border: Border, mode: 'copy' | 'mirror') {
  const { data, info } = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extend({ ...border, extendWith: mode })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('padPixels', () => {
  const cases: Array<[number, number, Border]> = [
    [7, 5, { left: 3, right: 3, top: 0, bottom: 0 }],
    [40, 23, { left: 10, right: 10, top: 10, bottom: 10 }],
    [9, 4, { left: 2, right: 5, top: 1, bottom: 3 }],
    // A border wider than the picture: libvips keeps reflecting.
    [4, 3, { left: 9, right: 11, top: 7, bottom: 5 }],
  ];
  for (const mode of ['copy', 'mirror'] as const) {
    for (const [width, height, border] of cases) {
      it(`${mode} matches libvips' extend on ${width}×${height} by ${JSON.stringify(border)}`, async () => {
        const rgb = pixels(width, height, width * 31 + height);
        const mine = padPixels(rgb, width, height, border, mode);
        const theirs = await bySharp(rgb, width, height, border, mode);
        expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
        expect(Buffer.compare(mine.data, theirs.data)).toBe(0);
      });
    }
  }
});
