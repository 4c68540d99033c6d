/**
 * Finds a JPEG's block grid in decoded pixels, per axis: the period (4..16 px, not only 8: an
 * upload resized after compression keeps its blocks at the resized pitch) and phase at which
 * the small steps between neighbouring columns (rows) are larger, from a Fourier sweep of the
 * per-column (per-row) sum of those steps. Also the blockiness measure the deblocking is judged by.
 */

/** Boundaries at phase, phase + pitch, … (fractional; a boundary lies before the sample at round(pos)). */
export type AxisGrid = { pitch: number; phase: number; strength: number };

/** Steps above this (levels) are the picture's edges; they would drown a grid of one or two levels. */
const SMALL_STEP = 12;
/** A period's amplitude must be this many times the sweep's mean to count as a grid. */
const MIN_STRENGTH = 5;

/**
 * Per column (axis 'x') or row: how many lines have their step into that index larger than the
 * steps either side of it, among small steps. A count, not a sum, so the picture's own strong
 * shapes weigh no more than a flat cheek, where the grid shows.
 */
export function stepProfile(
  luma: Float32Array,
  width: number,
  height: number,
  axis: 'x' | 'y',
): Float64Array {
  // Each step is computed once and compared with the steps before and after it, which roll along.
  if (axis === 'x') {
    const p = new Float64Array(width);
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let before = Math.abs(luma[row + 1]! - luma[row]!);
      let d = Math.abs(luma[row + 2]! - luma[row + 1]!);
      for (let x = 2; x < width - 1; x++) {
        const after = Math.abs(luma[row + x + 1]! - luma[row + x]!);
        if (d < SMALL_STEP && d > before && d > after) p[x]++;
        before = d;
        d = after;
      }
    }
    return p;
  }
  const p = new Float64Array(height);
  const stepsInto = (y: number, out: Float64Array<ArrayBuffer>) => {
    for (let x = 0, i = y * width; x < width; x++, i++) out[x] = Math.abs(luma[i]! - luma[i - width]!);
    return out;
  };
  let before = stepsInto(1, new Float64Array(width));
  let d = stepsInto(2, new Float64Array(width));
  let after = new Float64Array(width);
  for (let y = 2; y < height - 1; y++) {
    after = stepsInto(y + 1, after);
    let count = 0;
    for (let x = 0; x < width; x++)
      if (d[x]! < SMALL_STEP && d[x]! > before[x]! && d[x]! > after[x]!) count++;
    p[y] = count;
    [before, d, after] = [d, after, before];
  }
  return p;
}

function amplitude(p: Float64Array, mean: number, freq: number): { amp: number; angle: number } {
  let re = 0;
  let im = 0;
  for (let i = 1; i < p.length; i++) {
    const t = 2 * Math.PI * freq * i;
    re += (p[i]! - mean) * Math.cos(t);
    im += (p[i]! - mean) * Math.sin(t);
  }
  return { amp: Math.hypot(re, im), angle: Math.atan2(im, re) };
}

/**
 * The profile less its running mean over 33 samples: the picture's own large shapes (a dark
 * suit, a bright wall) would otherwise leak into every frequency and hide the grid.
 */
function detrend(profile: Float64Array): Float64Array {
  const n = profile.length;
  const out = new Float64Array(n);
  const r = 16;
  for (let i = 1; i < n; i++) {
    let s = 0;
    let c = 0;
    for (let j = Math.max(1, i - r); j <= Math.min(n - 1, i + r); j++) {
      s += profile[j]!;
      c++;
    }
    out[i] = profile[i]! - s / c;
  }
  return out;
}

/** The strongest period of `profile` between 4 and 16 samples, or null when none stands out. */
export function axisGrid(profile: Float64Array): AxisGrid | null {
  const n = profile.length;
  if (n < 64) return null;
  profile = detrend(profile);
  const mean = 0;
  // Frequencies in cycles per sample, a quarter of a DFT bin apart.
  const found: { freq: number; amp: number; angle: number }[] = [];
  for (let f = 1 / 16; f <= 1 / 4; f += 0.25 / n) found.push({ freq: f, ...amplitude(profile, mean, f) });
  const avg = found.reduce((s, r) => s + r.amp, 0) / found.length;
  let best = found[0]!;
  for (const r of found) if (r.amp > best.amp) best = r;
  // A grid rings at its harmonics too (an 8 px grid at 4 px); the lowest of them that is
  // strong as well is the grid's own pitch.
  const top = best;
  for (const k of [2, 3]) {
    if (top.freq / k < 1 / 16) continue;
    const sub = found.reduce((a, r) =>
      Math.abs(r.freq - top.freq / k) < Math.abs(a.freq - top.freq / k) ? r : a,
    );
    if (sub.amp >= top.amp * 0.5) best = sub;
  }
  const strength = best.amp / (avg || 1);
  if (strength < MIN_STRENGTH) return null;
  // A pitch off by 0.1 % drifts by a pixel over a long side: refine to a hundredth of a bin.
  for (let f = best.freq - 0.25 / n; f <= best.freq + 0.25 / n; f += 0.01 / n) {
    const r = amplitude(profile, mean, f);
    if (r.amp > best.amp) best = { freq: f, ...r };
  }
  const pitch = 1 / best.freq;
  // The profile peaks where cos(2π f i − angle) = 1.
  let phase = ((best.angle / (2 * Math.PI)) * pitch) % pitch;
  if (phase < 0) phase += pitch;
  return { pitch, phase, strength };
}

export function findGrid(
  luma: Float32Array,
  width: number,
  height: number,
): { x: AxisGrid | null; y: AxisGrid | null } {
  return {
    x: axisGrid(stepProfile(luma, width, height, 'x')),
    y: axisGrid(stepProfile(luma, width, height, 'y')),
  };
}

/**
 * Blockiness of a luma region along one axis's grid: the mean absolute step into the grid's
 * boundary samples over the mean step into the others (1 = no grid).
 */
export function blockiness(
  luma: Float32Array,
  width: number,
  box: { x: number; y: number; width: number; height: number },
  axis: 'x' | 'y',
  grid: AxisGrid,
): number {
  const onGrid = new Set<number>();
  for (
    let pos = grid.phase;
    pos < (axis === 'x' ? box.x + box.width : box.y + box.height) + grid.pitch;
    pos += grid.pitch
  )
    onGrid.add(Math.round(pos));
  const stride = axis === 'x' ? 1 : width;
  let edge = 0;
  let edges = 0;
  let inner = 0;
  let inners = 0;
  for (let y = Math.max(1, box.y); y < box.y + box.height; y++) {
    for (let x = Math.max(1, box.x); x < box.x + box.width; x++) {
      const i = y * width + x;
      const d = Math.abs(luma[i]! - luma[i - stride]!);
      if (onGrid.has(axis === 'x' ? x : y)) {
        edge += d;
        edges++;
      } else {
        inner += d;
        inners++;
      }
    }
  }
  return edge / Math.max(1, edges) / (inner / Math.max(1, inners) || 1);
}
