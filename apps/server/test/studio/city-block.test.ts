/**
 * The city-block transform stands in for k rounds of growing or shrinking a mask by its four
 * neighbours (the matte's interior in scene-leftovers.ts, the subject's soft fringe in
 * clean-matte.ts). It must keep exactly the pixels those rounds keep, borders included.
 */
import { describe, expect, it } from 'vitest';
import { cityBlockDistance } from '../../src/modules/processing/studio/city-block.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

/** k rounds of 4-neighbour shrinking, the outside of the image counting as off. */
function shrunk(on: Uint8Array, width: number, height: number, k: number): Uint8Array {
  let core = on.slice();
  for (let pass = 0; pass < k; pass++) {
    const next = core.slice();
    for (let i = 0; i < on.length; i++) {
      if (!core[i]) continue;
      const x = i % width;
      const y = (i - x) / width;
      if (x === 0 || y === 0 || x === width - 1 || y === height - 1) next[i] = 0;
      else if (!core[i - 1] || !core[i + 1] || !core[i - width] || !core[i + width]) next[i] = 0;
    }
    core = next;
  }
  return core;
}

/** k rounds of 4-neighbour growing inside the image. */
function grown(on: Uint8Array, width: number, height: number, k: number): Uint8Array {
  const near = on.slice();
  for (let pass = 0; pass < k; pass++) {
    const next = near.slice();
    for (let i = 0; i < on.length; i++) {
      const x = i % width;
      const y = (i - x) / width;
      if (near[i]) continue;
      if (
        (x > 0 && near[i - 1]) ||
        (x < width - 1 && near[i + 1]) ||
        (y > 0 && near[i - width]) ||
        (y < height - 1 && near[i + width])
      )
        next[i] = 1;
    }
    near.set(next);
  }
  return near;
}

/** Blobs (discs of random size) on an empty image, so masks have interiors, holes and edges. */
function blobs(width: number, height: number, seed: string): Uint8Array {
  const random = seededRandom(seed);
  const on = new Uint8Array(width * height);
  for (let b = 0; b < 7; b++) {
    const cx = random.next() * width;
    const cy = random.next() * height;
    const r = 2 + random.next() * Math.min(width, height) * 0.4;
    const value = b % 3 === 2 ? 0 : 1;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if ((x - cx) ** 2 + (y - cy) ** 2 < r * r) on[y * width + x] = value;
  }
  return on;
}

describe('cityBlockDistance', () => {
  const cases = [
    { width: 61, height: 47, seed: 'a' },
    { width: 40, height: 90, seed: 'b' },
    { width: 1, height: 30, seed: 'c' },
    { width: 73, height: 73, seed: 'd' },
  ];
  it.each(cases)('shrinks as k rounds do, the edge counting as outside ($width×$height)', (c) => {
    const on = blobs(c.width, c.height, c.seed);
    const off = on.map((v) => 1 - v);
    const d = cityBlockDistance(off, c.width, c.height, true);
    let some = 0;
    for (const k of [1, 2, 3, 5, 9, 17]) {
      const want = shrunk(on, c.width, c.height, k);
      const got = Uint8Array.from(d, (v) => (v > k ? 1 : 0));
      expect(got).toEqual(want);
      some += want.reduce((a, b) => a + b, 0);
    }
    if (c.width > 1) expect(some).toBeGreaterThan(0);
  });

  it.each(cases)('grows as k rounds do, never past the edge ($width×$height)', (c) => {
    const on = blobs(c.width, c.height, c.seed);
    const d = cityBlockDistance(on, c.width, c.height, false);
    for (const k of [1, 2, 4, 7, 12]) {
      const want = grown(on, c.width, c.height, k);
      expect(Uint8Array.from(d, (v) => (v <= k ? 1 : 0))).toEqual(want);
    }
  });

  it('puts an empty mask out of reach of any round', () => {
    const d = cityBlockDistance(new Uint8Array(12), 4, 3, false);
    expect(Math.min(...d)).toBeGreaterThan(4 + 3);
  });
});
