/**
 * A style's colour grading (collections/styles.ts: warmth, saturation, contrast, brightness,
 * vignette, grain, mono, retouch; each -1..1 except mono and retouch), applied to the whole composite so subject and
 * backdrop share one look, plus the film grain that ties them together.
 */
import { luma, type Rgb } from './planes.js';
import type { Random } from './seeded-random.js';
import { isObjectLike } from '../../../tools/object-kinds.js';

export type Grading = {
  warmth: number;
  saturation: number;
  contrast: number;
  brightness: number;
  vignette: number;
  grain: number;
  mono: boolean;
  /** Skin smoothing 0..1 (retouch.ts). */
  retouch: number;
};

/** Styles stored before `retouch` existed get a gentle smoothing; monochrome ones none (grain is their look). */
const DEFAULT_RETOUCH = 0.3;

function num(v: unknown, lo = -1, hi = 1): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? v : 0;
  return Math.max(lo, Math.min(hi, n));
}

/** Reads a stored `grading` JSON, tolerating missing or out-of-range values. */
export function readGrading(value: unknown): Grading {
  const g = isObjectLike(value) ? value : {};
  return {
    warmth: num(g.warmth),
    saturation: num(g.saturation),
    contrast: num(g.contrast),
    brightness: num(g.brightness),
    vignette: num(g.vignette, 0, 1),
    grain: num(g.grain, 0, 1),
    mono: g.mono === true,
    retouch: typeof g.retouch === 'number' ? num(g.retouch, 0, 1) : g.mono === true ? 0 : DEFAULT_RETOUCH,
  };
}

/** A gentle S-curve around mid-grey; `amount` -1..1. */
function contrastCurve(x: number, amount: number): number {
  const k = 1 + amount * 0.9;
  const d = x - 0.5;
  const s = 0.5 + d * k;
  // Soft shoulder and toe so stronger contrast does not clip.
  return s < 0.05
    ? 0.05 * Math.exp((s - 0.05) / 0.05)
    : s > 0.95
      ? 1 - 0.05 * Math.exp((0.95 - s) / 0.05)
      : s;
}

const CURVE_STEPS = 4096;

/** The contrast curve sampled over -0.25..1.5 (graded values stay inside), for a lookup per pixel. */
function curveTable(amount: number): Float32Array {
  const t = new Float32Array(CURVE_STEPS + 1);
  for (let i = 0; i <= CURVE_STEPS; i++) t[i] = contrastCurve(-0.25 + (i / CURVE_STEPS) * 1.75, amount);
  return t;
}

/** Table steps per unit of input. */
const STEPS_PER_UNIT = CURVE_STEPS / 1.75;

function lookup(t: Float32Array, x: number): number {
  const f = (x + 0.25) * STEPS_PER_UNIT;
  if (f <= 0) return t[0]!;
  if (f >= CURVE_STEPS) return t[CURVE_STEPS]!;
  const i = f | 0;
  return t[i]! + (t[i + 1]! - t[i]!) * (f - i);
}

/**
 * Grades `img` in place. `centre` is where the vignette is centred (the face), in pixels. With
 * `lumaOut`, the graded image's luma is written there too (the sharpening reads it), saving a pass.
 */
export function applyGrading(
  img: Rgb,
  g: Grading,
  centre: { x: number; y: number },
  random: Random,
  lumaOut?: Float32Array,
): void {
  const row = gradingRows(img, g, centre, random, lumaOut);
  for (let y = 0; y < img.height; y++) row(y);
}

/**
 * `applyGrading` a row at a time: the function returned grades row y. Rows must come in order
 * (the grain is drawn pixel by pixel from `random`), once each.
 */
export function gradingRows(
  img: Rgb,
  g: Grading,
  centre: { x: number; y: number },
  random: Random,
  lumaOut?: Float32Array,
): (y: number) => void {
  const { width, height, data } = img;
  const warm = g.warmth * 0.09;
  const lift = g.brightness * 0.2;
  const maxD = Math.hypot(Math.max(centre.x, width - centre.x), Math.max(centre.y, height - centre.y));
  const k: RowConstants = {
    kr: 1 + warm,
    kg: 1 + warm * 0.25,
    kb: 1 - warm,
    sat: g.mono ? 0 : Math.max(0, 1 + g.saturation * 0.7),
    mono: g.mono,
    gain: 1 + lift,
    slope: 1 + g.contrast * 0.9,
    curve: curveTable(g.contrast),
    vignette: g.vignette,
    inv: 1 / maxD,
    // Just under 0.35 of maxD, squared: a pixel at or inside it has d ≤ 0.35 and no vignette.
    inner2: (0.35 * maxD * (1 - 1e-9)) ** 2,
    grainScale: (0.011 + g.grain * 0.03) / 65536,
  };
  // The row's grain draws, taken from `random` in one go (the same draws in the same order).
  const grain = new Uint32Array(width);
  const dx2 = new Float64Array(width);
  for (let x = 0; x < width; x++) dx2[x] = (x - centre.x) * (x - centre.x);
  return (y) => {
    const dy = (y - centre.y) * 1.1;
    random.fillBits(grain);
    gradeRow(data, width, y, dy * dy, k, dx2, grain, lumaOut);
  };
}

/** What grading a row needs that is the same on every row. */
type RowConstants = {
  /** Warmth's factor per channel. */
  kr: number;
  kg: number;
  kb: number;
  sat: number;
  mono: boolean;
  /** Brightness lift's factor. */
  gain: number;
  /** The contrast curve's middle slope, and the curve's table for its toe and shoulder. */
  slope: number;
  curve: Float32Array;
  vignette: number;
  /** 1 / the distance from the centre to the farthest corner. */
  inv: number;
  inner2: number;
  grainScale: number;
};

/**
 * Grades row `y` of `data` in place (a function of its own, all it reads passed in: as a closure's
 * loop the same code ran ~1.5× slower).
 */
function gradeRow(
  data: Float32Array,
  width: number,
  y: number,
  dy2: number,
  k: RowConstants,
  dx2: Float64Array,
  grain: Uint32Array,
  lumaOut: Float32Array | undefined,
): void {
  const { kr, kg, kb, sat, mono, gain, slope, curve, vignette, inv, inner2, grainScale } = k;
  for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
    let r = data[o]! * kr;
    let gg = data[o + 1]! * kg;
    let b = data[o + 2]! * kb;
    const l = luma(r, gg, b);
    r = l + (r - l) * sat;
    gg = l + (gg - l) * sat;
    b = l + (b - l) * sat;
    if (mono) {
      // A faint warm tone, like a fibre print, rather than a cold digital grey.
      r = l * 1.02;
      gg = l;
      b = l * 0.97;
    }
    // The contrast curve: its straight middle computed (as contrastCurve does), the soft toe
    // and shoulder from the table (the same values there, to its float rounding). Written out
    // here: as a function per channel it was not inlined and cost ~40 % of the grading.
    const xr = r * gain;
    const xg = gg * gain;
    const xb = b * gain;
    const sr = 0.5 + (xr - 0.5) * slope;
    const sg = 0.5 + (xg - 0.5) * slope;
    const sb = 0.5 + (xb - 0.5) * slope;
    r = sr >= 0.05 && sr <= 0.95 ? sr : lookup(curve, xr);
    gg = sg >= 0.05 && sg <= 0.95 ? sg : lookup(curve, xg);
    b = sb >= 0.05 && sb <= 0.95 ? sb : lookup(curve, xb);
    // The vignette starts at 0.35 of the way to the farthest corner; inside, or with no
    // vignette, it is 1 and its square roots are not taken.
    const q = dx2[x]! + dy2;
    let vig = 1;
    if (vignette !== 0 && q > inner2) {
      const d = Math.sqrt(q) * inv;
      const t = d <= 0.35 ? 0 : d >= 1 ? 1 : (d - 0.35) / 0.65;
      vig = 1 - vignette * 0.6 * t * Math.sqrt(t);
    }
    // Luminance grain (the same for all channels), strongest in the mid-tones as on film:
    // the sum of two uniform draws (a triangle), both from the halves of one 32-bit draw.
    const bits = grain[x]!;
    const n = ((bits & 0xffff) + (bits >>> 16) - 65535) * grainScale * (0.5 + 2 * l * (1 - l));
    // Rounded to float as stored, so the luma is the stored pixel's without reading it back.
    const R = Math.fround(r * vig + n);
    const G = Math.fround(gg * vig + n);
    const B = Math.fround(b * vig + n);
    data[o] = R;
    data[o + 1] = G;
    data[o + 2] = B;
    if (lumaOut) lumaOut[y * width + x] = luma(R, G, B);
  }
}
