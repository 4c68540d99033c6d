/**
 * Edge decontamination: colours at the matte's edge replaced with nearby interior subject colours.
 * The band is wider than the soft ramp: the old background spills a few pixels into the solid
 * matte too (a green wall or a patterned scene leaves a coloured rim), so pixels near the edge are
 * drawn towards the interior's colours however solid the matte is there.
 *
 * Which pixels are in the band, and how interior each is, is worked out at half size. The
 * interior's colours are a normalised convolution (blur of colour × interior over blur of
 * interior), at quarter size when the blur is wide enough (`colourFactor`), else at half size. Only the band
 * reads them, so they are blurred only on the tiles the band samples (`blurInTiles`), which at
 * 2048 px is a small part of the frame.
 */
import { coarseFloor, downsample, sampleCoarse, smoothstep, type CoarseBlur, type Rgb } from './planes.js';
import { freshPlanes, type Alloc } from './scratch.js';
import { BLUR_TILE, blurInTiles, uniformValue, windowOf, type BlurWindow } from './tiled-blur.js';

/** Half size for the band: the matte's spread is a few pixels wide. */
const F = 2;
/** Above this everywhere around it, a bilinear sample cannot fall under the band's 0.98. */
const SURELY_CORE = 0.9801;

/**
 * The size factor of the interior's colour blurs: 4 (quarter size) for σ of 5 px or more (every
 * 2048 px portrait, 2:3 to 1:1: σ 5.3 to 7.9), where the three box passes keep a radius of one or
 * two quarter-size pixels and so about the blur's width (its box radius rounds at either size);
 * 2 (half size, the band's own grid) for narrower blurs, which a quarter-size grid would widen.
 */
export function colourFactor(sigma: number): 2 | 4 {
  return sigma >= 5 ? 4 : 2;
}

export function decontaminate(
  subject: Rgb,
  alpha: Float32Array,
  sigma: number,
  alloc: Alloc = freshPlanes,
): void {
  const { width, height, data } = subject;
  const a2 = halve(alpha, width, height, alloc);
  const sw = a2.width;
  const sh = a2.height;
  // How far inside the solid matte a half-size pixel is; uniform windows stay as they are.
  const spread = alloc(sw * sh, true);
  blurInTiles(sw, sh, (sigma * 0.6) / F, [spread], (w) => {
    const u = uniformValue(a2.data, sw, w);
    return u === null ? [windowOf(a2.data, sw, w)] : [u];
  });
  const inner = alloc(sw * sh, true);
  // Under 0.9 of matte the second factor is 0 (most of the frame: the backdrop side).
  for (let i = 0; i < inner.length; i++) {
    const a = a2.data[i]!;
    inner[i] = a > 0.9 ? smoothstep(0.8, 0.98, spread[i]!) * smoothstep(0.9, 1, a) : 0;
  }
  const innerAt: CoarseBlur = { data: inner, width: sw, height: sh, f: F };

  // The colour blurs' grid: `m`×`m` half-size cells per cell.
  const C = colourFactor(sigma);
  const m = C / F;
  const cw = Math.ceil(sw / m);
  const ch = Math.ceil(sh / m);
  const cAt = (d: Float32Array): CoarseBlur => ({ data: d, width: cw, height: ch, f: C });
  const ccols = cellOf(width, cw, C);
  const crows = cellOf(height, ch, C);

  // The band: its pixels, how interior each is, and the colour grid's tiles their samples fall
  // in. Where all four values a sample interpolates are interior beyond doubt, it is skipped unread.
  const { least, cols, rows } = coarseFloor(innerAt, width, height);
  const tilesX = Math.ceil(cw / BLUR_TILE);
  const wanted = new Uint8Array(tilesX * Math.ceil(ch / BLUR_TILE));
  let band = new Int32Array(1 << 16);
  let cores = new Float32Array(1 << 16);
  let count = 0;
  for (let y = 0; y < height; y++) {
    const cellRow = rows[y]! * sw;
    const cy = crows[y]!;
    const ra = (cy / BLUR_TILE) | 0;
    const rb = (Math.min(ch - 1, cy + 1) / BLUR_TILE) | 0;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const a = alpha[i]!;
      if (a <= 0.002) continue;
      if (a >= 0.9 && least[cellRow + cols[x]!]! > SURELY_CORE) continue;
      const core = a < 0.9 ? 0 : sampleCoarse(innerAt, x, y);
      if (core >= 0.98) continue;
      if (count === band.length) {
        band = grow(band);
        cores = grow(cores);
      }
      band[count] = i;
      cores[count++] = core;
      const cx = ccols[x]!;
      const ca = (cx / BLUR_TILE) | 0;
      const cb = (Math.min(cw - 1, cx + 1) / BLUR_TILE) | 0;
      wanted[ra * tilesX + ca] = 1;
      wanted[ra * tilesX + cb] = 1;
      wanted[rb * tilesX + ca] = 1;
      wanted[rb * tilesX + cb] = 1;
    }
  }
  if (count === 0) return;

  // The interior weight on the colour grid (the half-size weights averaged), and below each
  // colour the same average of the half-size cells' colour × weight.
  const weight = m === 1 ? inner : downsample(inner, sw, sh, m).data;
  const den = new Float32Array(cw * ch);
  const num = [new Float32Array(cw * ch), new Float32Array(cw * ch), new Float32Array(cw * ch)];
  blurInTiles(cw, ch, sigma / C, [den, ...num], (w) => {
    if (!wanted[w.ty * tilesX + w.tx]) return null;
    return [windowOf(weight, cw, w), ...weightedColours(subject, inner, sw, sh, m, w)];
  });
  const denAt = cAt(den);
  const numAt = num.map(cAt);
  for (let k = 0; k < count; k++) {
    const i = band[k]!;
    const x = i % width;
    const y = (i - x) / width;
    const d = sampleCoarse(denAt, x, y);
    if (d < 1e-3) continue;
    const a = alpha[i]!;
    const keep = Math.min(a * a, 0.25 + 0.75 * cores[k]!);
    for (let c = 0; c < 3; c++) {
      const fg = sampleCoarse(numAt[c]!, x, y) / d;
      data[i * 3 + c] = data[i * 3 + c]! * keep + fg * (1 - keep);
    }
  }
}

/**
 * `downsample(data, width, height, 2)` with its sums in the same order (each 2×2 block's rows in
 * order, left to right, rounded to float after every add), so the same values, written for the
 * factor of 2 alone (the general loop cost about three times as much) into a plane from `alloc`.
 */
function halve(data: Float32Array, width: number, height: number, alloc: Alloc) {
  const w = Math.ceil(width / 2);
  const h = Math.ceil(height / 2);
  const out = alloc(w * h, true);
  const f = Math.fround;
  const full = width >> 1;
  for (let by = 0; by < h; by++) {
    const r0 = 2 * by * width;
    const two = 2 * by + 1 < height;
    const r1 = two ? r0 + width : r0;
    const o = by * w;
    for (let bx = 0; bx < full; bx++) {
      const x = 2 * bx;
      const top = f(data[r0 + x]! + data[r0 + x + 1]!);
      out[o + bx] = two ? f(f(top + data[r1 + x]!) + data[r1 + x + 1]!) / 4 : top / 2;
    }
    if (full < w) {
      const x = width - 1;
      out[o + full] = two ? f(data[r0 + x]! + data[r1 + x]!) / 2 : data[r0 + x]!;
    }
  }
  return { data: out, width: w, height: h };
}

/** For each full-size column (or row), the cell of a `f`-times smaller grid `sampleCoarse` reads. */
function cellOf(full: number, cells: number, f: number): Int32Array {
  const out = new Int32Array(full);
  for (let x = 0; x < full; x++) out[x] = Math.min(cells - 1, Math.max(0, (x + 0.5) / f - 0.5)) | 0;
  return out;
}

function grow<T extends Int32Array | Float32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The subject's colours × the interior weight over a window of the colour grid: each half-size
 * cell's block average (`downsampleRgb`'s sums in its order) times its weight, rounded to float as
 * a stored plane would be, then averaged over the `m`×`m` half-size cells of each colour cell
 * (`downsample`'s sums in its order). With `m` 1 that is the half-size product itself.
 */
function weightedColours(
  img: Rgb,
  inner: Float32Array,
  sw: number,
  sh: number,
  m: number,
  w: BlurWindow,
): Float32Array[] {
  const { width, height, data } = img;
  const ww = w.x1 - w.x0;
  const n = ww * (w.y1 - w.y0);
  const out = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const [r, g, b] = out as [Float32Array, Float32Array, Float32Array];
  const hx0 = w.x0 * m;
  const hx1 = Math.min(sw, w.x1 * m);
  // One row of half-size cells at a time: their weighted colours, then added into their cells.
  const hr = new Float32Array(hx1 - hx0);
  const hg = new Float32Array(hx1 - hx0);
  const hb = new Float32Array(hx1 - hx0);
  for (let cy = w.y0; cy < w.y1; cy++) {
    const row = (cy - w.y0) * ww;
    const hyEnd = Math.min(sh, (cy + 1) * m);
    for (let hy = cy * m; hy < hyEnd; hy++) {
      hr.fill(0);
      hg.fill(0);
      hb.fill(0);
      const yEnd = Math.min(height, (hy + 1) * F);
      const xEnd = Math.min(width, hx1 * F);
      for (let y = hy * F; y < yEnd; y++) {
        for (let x = hx0 * F, s = (y * width + x) * 3; x < xEnd; x++, s += 3) {
          const o = ((x / F) | 0) - hx0;
          hr[o] += data[s]!;
          hg[o] += data[s + 1]!;
          hb[o] += data[s + 2]!;
        }
      }
      const rows = yEnd - hy * F;
      for (let hx = hx0; hx < hx1; hx++) {
        const o = hx - hx0;
        const area = rows * (Math.min(width, (hx + 1) * F) - hx * F);
        const k = inner[hy * sw + hx]!;
        const t = row + ((hx / m) | 0) - w.x0;
        // Rounded to float between the steps, as the whole-plane version stores them.
        r[t] = Math.fround(r[t]! + Math.fround(Math.fround(hr[o]! / area) * k));
        g[t] = Math.fround(g[t]! + Math.fround(Math.fround(hg[o]! / area) * k));
        b[t] = Math.fround(b[t]! + Math.fround(Math.fround(hb[o]! / area) * k));
      }
    }
    if (m === 1) continue;
    for (let cx = w.x0; cx < w.x1; cx++) {
      const cells = (hyEnd - cy * m) * (Math.min(sw, (cx + 1) * m) - cx * m);
      const t = row + cx - w.x0;
      r[t] = r[t]! / cells;
      g[t] = g[t]! / cells;
      b[t] = b[t]! / cells;
    }
  }
  return out;
}
