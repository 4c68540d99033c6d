/**
 * The blocked search of sampled-colours.ts against reading every sample of the window, on random
 * photos and masks: windows cut by every border, grids of several steps, members added and removed
 * between searches, and the early stop of the k-nearest search.
 */
import { describe, expect, it } from 'vitest';
import { SampledColours } from '../../src/modules/processing/studio/sampled-colours.js';
import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

type Scene = { rgb: Uint8Array; member: Uint8Array; width: number; height: number };

/** Every sample of pixel i's window that is a member: its squared colour distance, ascending. */
function everySample(s: Scene, i: number, reach: number, step: number): number[] {
  const x = i % s.width;
  const y = (i - x) / s.width;
  const out: number[] = [];
  for (let dy = -reach; dy <= reach; dy += step)
    for (let dx = -reach; dx <= reach; dx += step) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= s.width || yy >= s.height) continue;
      const j = yy * s.width + xx;
      if (!s.member[j]) continue;
      let d = 0;
      for (let c = 0; c < 3; c++) d += (s.rgb[j * 3 + c]! - s.rgb[i * 3 + c]!) ** 2;
      out.push(d);
    }
  return out.sort((a, b) => a - b);
}

/** Patches of a few colours with noise (so blocks have narrow colour ranges, as in photos). */
function scene(seed: number, width: number, height: number, share: number): Scene {
  const random = seededRandom(`scene ${seed}`);
  const rgb = new Uint8Array(width * height * 3);
  const member = new Uint8Array(width * height);
  const patch = 9;
  const base = Array.from({ length: 4 }, () => [0, 1, 2].map(() => Math.floor(random.next() * 256)));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const b = base[(Math.floor(x / patch) * 7 + Math.floor(y / patch) * 3) % base.length]!;
      for (let c = 0; c < 3; c++)
        rgb[i * 3 + c] = Math.max(0, Math.min(255, b[c]! + Math.round((random.next() - 0.5) * 40)));
      member[i] = random.next() < share ? 1 : 0;
    }
  return { rgb, member, width, height };
}

describe('sampled colours', () => {
  const cases = [
    { width: 61, height: 47, reach: 17, step: 2, share: 0.5 },
    { width: 40, height: 90, reach: 12, step: 3, share: 0.1 },
    { width: 77, height: 64, reach: 24, step: 4, share: 0.7 },
    { width: 33, height: 29, reach: 8, step: 1, share: 0.3 },
    // Narrower than the window, and narrower than the grid's step with a reach below it.
    { width: 10, height: 6, reach: 30, step: 3, share: 0.5 },
    { width: 3, height: 5, reach: 2, step: 4, share: 0.6 },
    // A window eight blocks wide, most of them in the photo (at 1024 px it is eleven).
    { width: 100, height: 64, reach: 45, step: 3, share: 0.4 },
  ];

  it('finds the nearest colour exactly when it is within the limit', () => {
    let within = 0;
    for (const [k, c] of cases.entries()) {
      const s = scene(k + 1, c.width, c.height, c.share);
      const search = new SampledColours(s.rgb, s.member.slice(), c.width, c.height, c.reach, c.step);
      for (let i = 0; i < c.width * c.height; i++) {
        const truth = everySample(s, i, c.reach, c.step)[0] ?? Infinity;
        for (const limit of [100, 600, Infinity]) {
          const got = search.nearest(i, limit);
          if (truth <= limit) {
            within++;
            expect(got).toBe(truth);
          } else expect(got).toBeGreaterThan(limit);
        }
      }
    }
    // The limits cut both ways: some answers were exact, some only "beyond".
    expect(within).toBeGreaterThan(1000);
  });

  it('finds the k nearest colours, and stops early only below `enough`', () => {
    let stopped = 0;
    for (const [k, c] of cases.entries()) {
      const s = scene(k + 11, c.width, c.height, c.share);
      const search = new SampledColours(s.rgb, s.member.slice(), c.width, c.height, c.reach, c.step);
      const found = new Float64Array(4);
      for (let i = 0; i < c.width * c.height; i++) {
        const truth = everySample(s, i, c.reach, c.step);
        const fourth = truth[3] ?? Infinity;
        search.nearestK(i, found, -1);
        expect([...found]).toEqual([0, 1, 2, 3].map((n) => truth[n] ?? Infinity));
        for (const enough of [50, 400, 3000]) {
          search.nearestK(i, found, enough);
          if (fourth >= enough) expect(found[3]).toBe(fourth);
          else {
            expect(found[3]).toBeLessThan(enough);
            if (found[3] !== fourth) stopped++;
          }
        }
      }
    }
    // The early stop happened: otherwise the case above proves nothing about it.
    expect(stopped).toBeGreaterThan(100);
  });

  it('follows members added and removed between searches', () => {
    const c = cases[2]!;
    const s = scene(21, c.width, c.height, 0.3);
    const search = new SampledColours(s.rgb, s.member, c.width, c.height, c.reach, c.step);
    const random = seededRandom('added and removed');
    const found = new Float64Array(4);
    for (let round = 0; round < 5; round++) {
      // Removed pixels leave their blocks' colour ranges as they were: the answers must not.
      for (let k = 0; k < 300; k++) search.add(Math.floor(random.next() * c.width * c.height));
      for (let k = 0; k < 500; k++) search.remove(Math.floor(random.next() * c.width * c.height));
      for (let i = 0; i < c.width * c.height; i += 7) {
        const truth = everySample(s, i, c.reach, c.step);
        expect(search.nearest(i, Infinity)).toBe(truth[0] ?? Infinity);
        search.nearestK(i, found, -1);
        expect([...found]).toEqual([0, 1, 2, 3].map((n) => truth[n] ?? Infinity));
      }
    }
  });
});
