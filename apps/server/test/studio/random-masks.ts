import { seededRandom } from '../../src/modules/processing/studio/seeded-random.js';

/** Grids of one pixel, one column, one row, and odd and even sizes. */
export const MASK_SIZES = [
  [1, 1],
  [1, 9],
  [9, 1],
  [17, 13],
  [64, 48],
] as const;

/**
 * Random on/off masks, each size at each density in turn, from one seeded sequence: what the
 * matte's piece-walking passes are checked on against their plain references.
 */
export function* randomMasks(
  seed: string,
  sizes: readonly (readonly [number, number])[],
  densities: readonly number[],
): Generator<{ mask: Uint8Array; width: number; height: number; label: string }> {
  const random = seededRandom(seed);
  for (const [width, height] of sizes)
    for (const density of densities) {
      const mask = new Uint8Array(width * height);
      for (let i = 0; i < mask.length; i++) mask[i] = random.next() < density ? 1 : 0;
      yield { mask, width, height, label: `${width}×${height} at ${density}` };
    }
}
