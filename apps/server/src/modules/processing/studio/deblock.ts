/**
 * Softens the block grid a JPEG leaves in smooth areas (cheeks, forehead) before a small photo
 * is enlarged ~5×, where a one-level step between two blocks becomes a visible tile edge. A
 * classic post-process deblocking filter: across each block boundary the step the local slope
 * does not explain is spread linearly over the half blocks either side, only where that step is
 * small and both sides are flat; a real edge (a big step) or texture (busy sides) stays.
 *
 * Uploads are often a JPEG resized after it was compressed (the committed sample: a 720 px JPEG
 * made 512 px, so its 8 px blocks repeat every 5.69 px), so the grid is found, per axis, as the
 * strongest period between 4 and 16 px of the small steps between neighbouring rows (columns);
 * an axis without a clear period is left alone, so a clean photo comes back unchanged.
 */
import { findGrid, type AxisGrid } from './block-grid.js';

/** Steps larger than this (0..255 levels) are edges of the picture, not of the blocks. */
const EDGE_STEP = 12;
/** Either side busier than this (largest neighbour difference, levels) counts as texture. */
const BUSY = 6;

function lumaOf(rgb: Uint8Array, n: number): Float32Array {
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) y[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  return y;
}

function smooth(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/**
 * Filters one boundary line: `m` samples either side of the boundary between `q0` and the
 * sample before it, `stride` apart, all three channels, the decision made on luma.
 */
function filterBoundary(rgb: Uint8Array, luma: Float32Array, q0: number, stride: number, m: number): void {
  const l = (k: number) => luma[q0 + k * stride]!;
  // k < 0 is the p side: p0 = l(-1).
  const slope = (l(-1) - l(-2) + l(1) - l(0)) / 2;
  const jump = Math.abs(l(0) - l(-1) - slope);
  if (jump < 0.5 || jump > EDGE_STEP) return;
  let busy = 0;
  for (let k = 1; k < m; k++) busy = Math.max(busy, Math.abs(l(k) - l(k - 1)), Math.abs(l(-k) - l(-k - 1)));
  if (busy > BUSY) return;
  // Full strength for a flat, small step; fading out towards the edge and texture limits.
  const strength = (1 - smooth(EDGE_STEP * 0.5, EDGE_STEP, jump)) * (1 - smooth(BUSY * 0.5, BUSY, busy));
  for (let c = 0; c < 3; c++) {
    const v = (k: number) => rgb[(q0 + k * stride) * 3 + c]!;
    const d = (v(0) - v(-1) - (v(-1) - v(-2) + v(1) - v(0)) / 2) * strength;
    // p0, p1, … move up by (2m−1)/4m, (2m−3)/4m, … of the step and q0, q1, … down alike: the
    // step becomes 2m equal steps across the two half blocks.
    for (let k = 0; k < m; k++) {
      const w = ((2 * (m - k) - 1) / (4 * m)) * d;
      const pi = (q0 - (k + 1) * stride) * 3 + c;
      const qi = (q0 + k * stride) * 3 + c;
      rgb[pi] = clampByte(rgb[pi]! + w);
      rgb[qi] = clampByte(rgb[qi]! - w);
    }
  }
}

/** The boundaries of `grid` along an axis of `size` samples: the index of each q0. */
export function boundaries(grid: AxisGrid, size: number): number[] {
  const out: number[] = [];
  const m = Math.max(2, Math.floor(grid.pitch / 2));
  for (let pos = grid.phase; pos < size; pos += grid.pitch) {
    const b = Math.round(pos);
    if (b - m - 1 >= 0 && b + m < size) out.push(b);
  }
  return out;
}

/** A deblocked copy of packed RGB bytes, or the bytes themselves when no block grid shows. */
export function deblock(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const n = width * height;
  let luma = lumaOf(rgb, n);
  const grid = findGrid(luma, width, height);
  if (!grid.x && !grid.y) return rgb;
  const out = Uint8Array.from(rgb);
  if (grid.x) {
    const m = Math.max(2, Math.floor(grid.x.pitch / 2));
    for (const b of boundaries(grid.x, width))
      for (let y = 0; y < height; y++) filterBoundary(out, luma, y * width + b, 1, m);
    if (grid.y) luma = lumaOf(out, n);
  }
  if (grid.y) {
    const m = Math.max(2, Math.floor(grid.y.pitch / 2));
    for (const b of boundaries(grid.y, height))
      for (let x = 0; x < width; x++) filterBoundary(out, luma, b * width + x, width, m);
  }
  return out;
}
