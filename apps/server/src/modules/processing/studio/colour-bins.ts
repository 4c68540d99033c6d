/**
 * Colour sets for "does the background (or the sitter) around here have this colour": a pixel's
 * colour falls in a bin of a small 3-D grid, a set marks bins, and a colour near a bin's edge
 * matches both sides because a set marks each bin with its 26 neighbours. Two grids: plain RGB,
 * and hue with brightness apart, where one colour in and out of a shadow stays one colour.
 */

/** A 3-D grid of bins: its size per axis, and the bin of pixel `i` of RGB bytes. */
export type ColourGrid = { dims: readonly [number, number, number]; of(rgb: Uint8Array, i: number): number };

/** RGB in 32 bins per channel (8 levels wide). */
export const RGB_BINS: ColourGrid = {
  dims: [32, 32, 32],
  of(rgb, i) {
    return ((rgb[i * 3]! >> 3) * 32 + (rgb[i * 3 + 1]! >> 3)) * 32 + (rgb[i * 3 + 2]! >> 3);
  },
};

/**
 * Chromaticity (r and g over the sum, the sum padded so near-black is near-grey) in 20 bins each,
 * and log brightness in 16 (a factor √2 each): a stripe darker where an arm
 * shades it keeps its bins' neighbourhood.
 */
export const SHADE_BINS: ColourGrid = {
  dims: [20, 20, 16],
  of(rgb, i) {
    const r = rgb[i * 3]!;
    const g = rgb[i * 3 + 1]!;
    const b = rgb[i * 3 + 2]!;
    const sum = r + g + b + 24;
    const cr = Math.min(19, Math.floor(((r + 8) / sum) * 20));
    const cg = Math.min(19, Math.floor(((g + 8) / sum) * 20));
    const light = Math.min(15, Math.floor(Math.log2(1 + (r + g + b) / 3) * 2));
    return (cr * 20 + cg) * 16 + light;
  },
};

/** An empty set of `grid`'s bins. */
export function colourSet(grid: ColourGrid): Uint8Array {
  return new Uint8Array(grid.dims[0] * grid.dims[1] * grid.dims[2]);
}

/** Marks `bin` and its 26 neighbours in `set`. */
export function markAround(set: Uint8Array, grid: ColourGrid, bin: number): void {
  const [, d1, d2] = grid.dims;
  const c = bin % d2;
  const b = Math.floor(bin / d2) % d1;
  const a = Math.floor(bin / (d1 * d2));
  for (let da = -1; da <= 1; da++)
    for (let db = -1; db <= 1; db++)
      for (let dc = -1; dc <= 1; dc++) {
        const aa = a + da;
        const bb = b + db;
        const cc = c + dc;
        if (aa < 0 || bb < 0 || cc < 0 || aa >= grid.dims[0] || bb >= d1 || cc >= d2) continue;
        set[(aa * d1 + bb) * d2 + cc] = 1;
      }
}
