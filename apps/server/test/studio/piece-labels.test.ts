/**
 * `labelPieces` numbers a mask's 4-connected pieces by runs. It must give every pixel the label a
 * flood from each unseen pixel in raster order gives (floodPiece, which keepSubject used before),
 * and the same sizes: keepSubject keeps the largest piece by its first label among equals.
 */
import { describe, expect, it } from 'vitest';
import { floodPiece, pieceScratch } from '../../src/modules/processing/studio/grid-neighbours.js';
import { labelPieces } from '../../src/modules/processing/studio/piece-labels.js';
import { MASK_SIZES, randomMasks } from './random-masks.js';

function byFlood(on: Uint8Array, width: number) {
  const height = on.length / width;
  const labels = new Int32Array(on.length);
  const sizes = [0];
  const seen = new Uint8Array(on.length);
  const scratch = pieceScratch(width, height);
  for (let s = 0; s < on.length; s++) {
    if (!on[s] || seen[s]) continue;
    const piece = floodPiece(s, on, seen, width, height, scratch);
    for (const i of piece) labels[i] = sizes.length;
    sizes.push(piece.length);
  }
  return { labels, sizes };
}

describe('labelPieces', () => {
  it('labels random masks as a flood in raster order does', () => {
    const sizes = [...MASK_SIZES, [300, 7]] as const;
    for (const { mask, width, label } of randomMasks('piece-labels', sizes, [0.2, 0.5, 0.6, 0.9])) {
      const got = labelPieces(mask, width);
      const want = byFlood(mask, width);
      expect(got.sizes, label).toEqual(want.sizes);
      expect([...got.labels], label).toEqual([...want.labels]);
    }
  });

  it('joins a piece that meets itself from below, and numbers it by its first pixel', () => {
    // A U and, right of it, a piece that starts higher: the U's arms are two runs per row until
    // the bottom joins them, so the right arm's label must give way to the left's.
    const rows = ['#..#.#', '#..#.#', '####.#', '......', '.##...'];
    const width = rows[0]!.length;
    const on = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
    const { labels, sizes } = labelPieces(on, width);
    expect(sizes).toEqual([0, 8, 3, 2]);
    expect(labels[3]).toBe(1);
    expect(labels[5]).toBe(2);
    expect(labels[4 * width + 1]).toBe(3);
  });

  it('does not join runs that only touch at a corner, or a row end to the next row start', () => {
    const rows = ['#.', '.#', '#.'];
    const on = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
    expect(labelPieces(on, 2).sizes).toEqual([0, 1, 1, 1]);
    const wrap = Uint8Array.from('..##' + '#...', (c) => (c === '#' ? 1 : 0));
    expect(labelPieces(wrap, 4).sizes).toEqual([0, 2, 1]);
  });
});
