/**
 * `floodPiece` is the flood fill every "judge each piece" pass of the matte takes (thin-spurs.ts,
 * border-context.ts, the labels of clean-matte.ts). It must give the pieces a depth-first walk over
 * `neighbours4` gives, in the same order (a piece's sums are taken in that order), and never step
 * across the grid's edges: the last pixel of a row is not next to the first of the next.
 */
import { describe, expect, it } from 'vitest';
import {
  floodPiece,
  neighbours4,
  pieceScratch,
} from '../../src/modules/processing/studio/grid-neighbours.js';
import { MASK_SIZES, randomMasks } from './random-masks.js';

/** The walk as it was written before: neighbours4's array per pixel, a growing stack. */
function reference(seed: number, inside: Uint8Array, seen: Uint8Array, width: number, height: number) {
  const piece: number[] = [];
  const stack = [seed];
  seen[seed] = 1;
  while (stack.length) {
    const i = stack.pop()!;
    piece.push(i);
    for (const j of neighbours4(i, width, height)) {
      if (j >= 0 && inside[j] && !seen[j]) {
        seen[j] = 1;
        stack.push(j);
      }
    }
  }
  return piece;
}

/** Every piece of `inside`, seeds in raster order, with one scratch for all of them. */
function allPieces(inside: Uint8Array, width: number, height: number, fast: boolean): number[][] {
  const seen = new Uint8Array(inside.length);
  const scratch = pieceScratch(width, height);
  const out: number[][] = [];
  for (let s = 0; s < inside.length; s++) {
    if (!inside[s] || seen[s]) continue;
    out.push(
      fast
        ? [...floodPiece(s, inside, seen, width, height, scratch)]
        : reference(s, inside, seen, width, height),
    );
  }
  return out;
}

describe('floodPiece', () => {
  it('gives the pieces, in order, of the depth-first walk over neighbours4 on random masks', () => {
    for (const { mask, width, height, label } of randomMasks('flood-piece', MASK_SIZES, [0.3, 0.55, 0.8]))
      expect(allPieces(mask, width, height, true), label).toEqual(allPieces(mask, width, height, false));
  });

  it('does not step from the end of a row to the start of the next, or past the top and bottom', () => {
    // A column at each side edge: two pieces, or one if a row's end led to the next row's start.
    const width = 6;
    const height = 4;
    const inside = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) inside[y * width] = inside[y * width + width - 1] = 1;
    const pieces = allPieces(inside, width, height, true);
    expect(pieces.map((p) => p.sort((a, b) => a - b))).toEqual([
      [0, 6, 12, 18],
      [5, 11, 17, 23],
    ]);
  });
});
