/**
 * The 4-connected pieces of a mask, labelled: each pixel's piece (0 where the mask is off) and
 * each piece's size. Pieces are numbered from 1 in the raster order of their first pixel, the
 * order a flood from every unseen pixel in turn would give them.
 *
 * It works on runs (the stretches of `on` pixels within a row) rather than pixels: a run joins
 * the runs of the row above that it overlaps, a union-find keeps which runs are one piece, and
 * the labels are written run by run. A flood (floodPiece) pushes and pops every pixel, and
 * keepSubject labels the whole matte and its background on each of its (up to four) calls per photo.
 */
export type PieceLabels = { labels: Int32Array; sizes: number[] };

export function labelPieces(on: Uint8Array, width: number): PieceLabels {
  const n = on.length;
  const height = n / width;
  let capacity = 1024;
  let start = new Int32Array(capacity);
  let end = new Int32Array(capacity);
  let parent = new Int32Array(capacity);
  let runs = 0;
  const find = (r: number): number => {
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]!]!;
      r = parent[r]!;
    }
    return r;
  };
  // The runs of the row above, as a range of run indices.
  let aboveFrom = 0;
  let aboveTo = 0;
  for (let y = 0; y < height; y++) {
    const rowFrom = runs;
    const row = y * width;
    let k = aboveFrom;
    for (let x = 0; x < width;) {
      if (!on[row + x]) {
        x++;
        continue;
      }
      const s = row + x;
      while (x < width && on[row + x]) x++;
      if (runs === capacity) {
        capacity *= 2;
        start = grown(start, capacity);
        end = grown(end, capacity);
        parent = grown(parent, capacity);
      }
      const r = runs++;
      start[r] = s;
      end[r] = row + x;
      parent[r] = r;
      // The runs above that share a column with this one (ends are exclusive; a row is `width` on).
      while (k < aboveTo && end[k]! + width <= s) k++;
      for (let j = k; j < aboveTo && start[j]! + width < row + x; j++) {
        const a = find(j);
        const b = find(r);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
    aboveFrom = rowFrom;
    aboveTo = runs;
  }
  const labels = new Int32Array(n);
  const sizes = [0];
  const id = new Int32Array(runs);
  for (let r = 0; r < runs; r++) {
    const root = find(r);
    // Runs come in raster order: a piece is numbered at its first run, which holds its first pixel.
    if (!id[root]) {
      id[root] = sizes.length;
      sizes.push(0);
    }
    const label = id[root]!;
    labels.fill(label, start[r]!, end[r]!);
    sizes[label]! += end[r]! - start[r]!;
  }
  return { labels, sizes };
}

function grown(a: Int32Array, capacity: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(capacity);
  b.set(a);
  return b;
}
