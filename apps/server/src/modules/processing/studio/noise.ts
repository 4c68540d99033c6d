/**
 * Smooth deterministic noise for backdrops: value noise on a coarse grid, smoothstep-interpolated,
 * drawn from the render's seeded random source so a re-render is identical.
 */
import type { Random } from './seeded-random.js';

/**
 * The same field a row at a time: `row(y)` fills and returns one reused buffer (rows in any
 * order; cheapest in order, since the grid rows' horizontal interpolations change only at cell
 * boundaries). For a caller that reads each value once, it saves a full-size plane. A caller that
 * wants to skip the buffer too calls `band(y)`, which readies `top` and `bottom` for row y and
 * returns the vertical weight `ty`: the row's value at x is `fround(top[x] * (1 - ty) +
 * bottom[x] * ty)` (the float `row` stores).
 */
export function valueNoiseRows(
  width: number,
  height: number,
  cells: number,
  random: Random,
): { row(y: number): Float32Array; band(y: number): number; top: Float64Array; bottom: Float64Array } {
  const gw = cells + 2;
  const gh = Math.max(2, Math.round((cells * height) / width)) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = random.next() * 2 - 1;
  // The horizontal cell and weight are the same on every row.
  const x0s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = (x / width) * (gw - 2);
    x0s[x] = Math.floor(gx);
    const tx = gx - x0s[x]!;
    txs[x] = tx * tx * (3 - 2 * tx);
  }
  const top = new Float64Array(width);
  const bottom = new Float64Array(width);
  const out = new Float32Array(width);
  let cached = -1;
  const band = (y: number) => {
    const gy = (y / height) * (gh - 2);
    const y0 = Math.floor(gy);
    const ty = gy - y0;
    if (y0 !== cached) {
      for (let x = 0; x < width; x++) {
        const i = y0 * gw + x0s[x]!;
        const tx = txs[x]!;
        top[x] = grid[i]! + (grid[i + 1]! - grid[i]!) * tx;
        bottom[x] = grid[i + gw]! + (grid[i + gw + 1]! - grid[i + gw]!) * tx;
      }
      cached = y0;
    }
    return ty * ty * (3 - 2 * ty);
  };
  return {
    band,
    top,
    bottom,
    row(y) {
      const ty = band(y);
      for (let x = 0; x < width; x++) out[x] = top[x]! * (1 - ty) + bottom[x]! * ty;
      return out;
    },
  };
}

/** A smooth random field of `cells` grid cells across, values in about -1..1, mean ≈ 0. */
export function valueNoise(width: number, height: number, cells: number, random: Random): Float32Array {
  const rows = valueNoiseRows(width, height, cells, random);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) out.set(rows.row(y), y * width);
  return out;
}
