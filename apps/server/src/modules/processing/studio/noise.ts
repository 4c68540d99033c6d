/**
 * Smooth deterministic noise for backdrops: value noise on a coarse grid, smoothstep-interpolated,
 * drawn from the render's seeded random source so a re-render is identical.
 */
import type { Random } from './seeded-random.js';

/** A smooth random field of `cells` grid cells across, values in about -1..1, mean ≈ 0. */
export function valueNoise(width: number, height: number, cells: number, random: Random): Float32Array {
  const gw = cells + 2;
  const gh = Math.max(2, Math.round((cells * height) / width)) + 2;
  const grid = new Float32Array(gw * gh);
  for (let i = 0; i < grid.length; i++) grid[i] = random.next() * 2 - 1;
  const out = new Float32Array(width * height);
  // The horizontal cell and weight are the same on every row.
  const x0s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const gx = (x / width) * (gw - 2);
    x0s[x] = Math.floor(gx);
    const tx = gx - x0s[x]!;
    txs[x] = tx * tx * (3 - 2 * tx);
  }
  for (let y = 0; y < height; y++) {
    const gy = (y / height) * (gh - 2);
    const y0 = Math.floor(gy);
    let ty = gy - y0;
    ty = ty * ty * (3 - 2 * ty);
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x]!;
      const tx = txs[x]!;
      const a = grid[y0 * gw + x0]!;
      const b = grid[y0 * gw + x0 + 1]!;
      const c = grid[(y0 + 1) * gw + x0]!;
      const d = grid[(y0 + 1) * gw + x0 + 1]!;
      out[y * width + x] = (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
    }
  }
  return out;
}
