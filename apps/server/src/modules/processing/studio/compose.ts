/**
 * Puts the cut-out subject into the new scene so it reads as one photograph (the edge colours are
 * cleaned first, decontaminate.ts): the subject's exposure and white balance drawn towards
 * the new light, a soft shadow on the backdrop behind the shoulders, and a light wrap (the
 * backdrop's light bleeding a little around the subject's edges, as it does in a real studio).
 */
import {
  clamp01,
  coarseFloor,
  downsample,
  gaussBlurCoarse,
  gaussBlurCoarseRgb,
  luma,
  gaussBlurExact,
  sampleCoarse,
  upsampleRows,
  type Rgb,
} from './planes.js';
import type { Box } from './framing.js';
import { keepSkinHue } from './skin-hue.js';

type Stats = { r: number; g: number; b: number; l: number };

/**
 * The weighted mean colour of `img` over every other pixel of every other row (even x and y),
 * within [x0, x1) × [y0, y1): `weight(i)` for pixel index i, pixels of weight ≤ 0 left out.
 */
function weightedMean(
  img: Rgb,
  weight: (i: number) => number,
  box: { x0: number; y0: number; x1: number; y1: number },
): Stats {
  let r = 0;
  let g = 0;
  let b = 0;
  let w = 0;
  const { width, data } = img;
  // The sampled grid's first even row and column inside the box.
  const ys = box.y0 + (box.y0 & 1);
  const xs = box.x0 + (box.x0 & 1);
  for (let y = ys; y < box.y1; y += 2) {
    for (let x = xs; x < box.x1; x += 2) {
      const i = y * width + x;
      const k = weight(i);
      if (k <= 0) continue;
      r += data[i * 3]! * k;
      g += data[i * 3 + 1]! * k;
      b += data[i * 3 + 2]! * k;
      w += k;
    }
  }
  if (w === 0) return { r: 0.5, g: 0.5, b: 0.5, l: 0.5 };
  return { r: r / w, g: g / w, b: b / w, l: luma(r / w, g / w, b / w) };
}

/**
 * Draws the subject's exposure towards a well-lit face (nudged by the backdrop's brightness) and
 * its colour a little towards the backdrop's, as light reflected from it would; then the key
 * light from `keySide` (keyLightRamp), in the same walk over the subject.
 */
export function matchLight(
  subject: Rgb,
  alpha: Float32Array,
  backdrop: Rgb,
  face: Box,
  keySide: number,
): Record<string, number> {
  const { width, height, data } = subject;
  // Only the face's box has weight in the face's mean: the walk is limited to it (the pixels
  // outside it added nothing). Its edges are the integers the old test x ≥ face.x && x < face.x +
  // face.width (and the same for y) admitted.
  const faceBox = {
    x0: Math.max(0, Math.ceil(face.x)),
    y0: Math.max(0, Math.ceil(face.y)),
    x1: Math.min(width, Math.ceil(face.x + face.width)),
    y1: Math.min(height, Math.ceil(face.y + face.height)),
  };
  const faceStats = weightedMean(subject, (i) => alpha[i]!, faceBox);
  const back = weightedMean(backdrop, (i) => 1 - alpha[i]!, { x0: 0, y0: 0, x1: width, y1: height });
  const target = 0.5 + 0.08 * (back.l - 0.45);
  const gain = Math.max(0.78, Math.min(1.4, target / Math.max(0.05, faceStats.l)));
  const tint = 0.07;
  // The colour is judged on skin alone: the middle of the face box (cheeks, nose), mid-tones only.
  // The whole box's mean holds hair, brows and shadow, and read a red face as a skin-coloured one.
  const skinBox = {
    x0: Math.max(0, Math.ceil(face.x + face.width * 0.25)),
    y0: Math.max(0, Math.ceil(face.y + face.height * 0.3)),
    x1: Math.min(width, Math.ceil(face.x + face.width * 0.75)),
    y1: Math.min(height, Math.ceil(face.y + face.height * 0.8)),
  };
  const skin = weightedMean(subject, (i) => (midTone(data, i) ? alpha[i]! : 0), skinBox);
  const cast = skinCast(skin);
  const reflected = (c: number) => 1 + tint * (c / Math.max(0.05, back.l) - 1);
  const {
    r: mr,
    g: mg,
    b: mb,
  } = keepSkinHue(skin, {
    r: reflected(back.r) * cast.r,
    g: reflected(back.g) * cast.g,
    b: reflected(back.b) * cast.b,
  });
  const ramp = keyLightRamp(width, face, keySide);
  const m = new Float64Array([gain, mr, mg, mb]);
  for (let y = 0; y < height; y++) lightRow(data, alpha, ramp, m, y * width, (y + 1) * width);
  return { gain, faceLuma: faceStats.l, backdropLuma: back.l, castG: cast.g, castB: cast.b };
}

/** Whether pixel i is a mid-tone: not an eye, a nostril or a highlight. */
function midTone(data: Float32Array, i: number): boolean {
  const l = luma(data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!);
  return l > 0.2 && l < 0.92;
}

/**
 * Skin under any white light keeps green and blue below red in a narrow band of ratios, from pale
 * to dark skin; a face outside it carries the room's light (blue daylight, a magenta or green
 * fluorescent tube). Gains on green and blue bring the face's mean to the band's nearest edge,
 * the brightness kept, so the style's own light then falls on a neutral face.
 */
export const SKIN_BAND = { g: [0.7, 0.9], b: [0.5, 0.8] } as const;

export function skinCast(face: { r: number; g: number; b: number }): { r: number; g: number; b: number } {
  if (face.r <= 0.02) return { r: 1, g: 1, b: 1 };
  const gr = face.g / face.r;
  const br = face.b / face.r;
  const g = Math.min(SKIN_BAND.g[1], Math.max(SKIN_BAND.g[0], gr)) / gr;
  const b = Math.min(SKIN_BAND.b[1], Math.max(SKIN_BAND.b[0], br)) / br;
  // Keep the face's luma: scale the three so the weighted sum is what it was.
  const before = luma(face.r, face.g, face.b);
  const after = luma(face.r, face.g * g, face.b * b);
  const k = after > 0 ? before / after : 1;
  return { r: k, g: g * k, b: b * k };
}

/**
 * The light match on pixels [from, to): each channel times the exposure gain and its tint (`m`:
 * gain, then the three tints), rolled off, rounded to float as if stored between the
 * two adjustments, then times the key light's ramp and rolled off again. A function called per
 * row, so V8 optimises it once for every render.
 */
function lightRow(
  data: Float32Array,
  alpha: Float32Array,
  ramp: Float32Array,
  m: Float64Array,
  from: number,
  to: number,
): void {
  const f = Math.fround;
  const [gain, mr, mg, mb] = [m[0]!, m[1]!, m[2]!, m[3]!];
  for (let i = from, x = 0; i < to; i++, x++) {
    if (alpha[i]! <= 0.002) continue;
    const k = ramp[x]!;
    const o = i * 3;
    data[o] = rolloff(f(rolloff(data[o]! * gain * mr)) * k);
    data[o + 1] = rolloff(f(rolloff(data[o + 1]! * gain * mg)) * k);
    data[o + 2] = rolloff(f(rolloff(data[o + 2]! * gain * mb)) * k);
  }
}

/**
 * A key light from one side: the subject brightens a little towards `side` (-1 left, 1 right)
 * and falls off on the other, across about two face widths, as a soft box at 45° would. The
 * factor for each column.
 */
function keyLightRamp(width: number, face: Box, side: number): Float32Array {
  const cx = face.x + face.width / 2;
  const span = face.width * 2;
  const ramp = new Float32Array(width);
  for (let x = 0; x < width; x++) ramp[x] = 1 + 0.09 * Math.max(-1, Math.min(1, ((x - cx) / span) * side));
  return ramp;
}

/** Compresses highlights above 0.82 instead of clipping them. */
function rolloff(v: number): number {
  if (v <= 0.82) return v;
  const over = v - 0.82;
  return 0.82 + over / (1 + over / 0.18);
}

/** A soft shadow of the subject cast on the backdrop slightly below and behind. */
export function castShadow(backdrop: Rgb, alpha: Float32Array, strength: number): void {
  const { width, height, data } = backdrop;
  const shift = { dx: Math.round(width * 0.012), dy: Math.round(height * 0.018) };
  const sigma = width * 0.03;
  // gaussBlur's reduced-size path, with the shift folded into the downsampling and the
  // upsampled rows applied as they come: no full-size shifted or blurred plane.
  const f = Math.min(8, Math.floor(sigma / 3));
  const darken = (y: number, row: Float32Array) => {
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
      const s = row[x]!;
      if (s === 0) continue;
      const k = 1 - strength * s;
      data[o] = data[o]! * k;
      data[o + 1] = data[o + 1]! * k;
      data[o + 2] = data[o + 2]! * k;
    }
  };
  if (f < 2) {
    const shifted = new Float32Array(width * height);
    for (let y = shift.dy; y < height; y++)
      for (let x = shift.dx; x < width; x++)
        shifted[y * width + x] = alpha[(y - shift.dy) * width + x - shift.dx]!;
    const shadow = gaussBlurExact(shifted, width, height, sigma);
    for (let y = 0; y < height; y++) darken(y, shadow.subarray(y * width, (y + 1) * width));
    return;
  }
  const small = downsample(alpha, width, height, f, shift);
  const blurred = gaussBlurExact(small.data, small.width, small.height, sigma / f);
  upsampleRows(blurred, small.width, small.height, width, height, f, darken);
}

/**
 * subject over backdrop through `alpha`, then the light wrap. Written into `backdrop`, which is
 * returned: a third full-size image would only be more memory to fill and collect. Row by row;
 * `afterRow(y)` is called as each row is finished (the grading runs there, while the row is still
 * in cache, instead of in a pass of its own).
 */
export function composite(
  subject: Rgb,
  alpha: Float32Array,
  backdrop: Rgb,
  wrap: number,
  afterRow?: (y: number) => void,
): Rgb {
  const { width, height } = backdrop;
  const out = backdrop.data;
  const fg = subject.data;
  // The glow is the backdrop's own light, so it is taken before the subject covers it. It and
  // the spread are wide blurs read only in the band along the subject's edge: kept at their
  // reduced size and sampled there, not upsampled over the whole frame.
  const glow = wrap > 0 ? gaussBlurCoarseRgb(backdrop, width * 0.018) : [];
  const spread = wrap > 0 ? gaussBlurCoarse(alpha, width, height, width * 0.01) : null;
  // Deep inside the subject the spread is ~1 and the wrap nothing: where the spread is above
  // `sure` all round, k stays under the 0.002 cut below, so those pixels are skipped unsampled.
  const floor = spread ? coarseFloor(spread, width, height) : null;
  const sure = 1 - 0.0019 / (wrap * 2.2);
  for (let y = 0; y < height; y++) {
    blendRow(out, fg, alpha, y * width, (y + 1) * width);
    if (spread && floor) {
      const cellRow = floor.rows[y]! * spread.width;
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const a = alpha[i]!;
        if (a <= 0.002 || floor.least[cellRow + floor.cols[x]!]! > sure) continue;
        // Strongest just inside the subject's edge, fading towards its middle.
        const k = wrap * clamp01(a * (1 - sampleCoarse(spread, x, y)) * 2.2);
        if (k <= 0.002) continue;
        for (let c = 0; c < 3; c++) {
          const o = i * 3 + c;
          const screen = 1 - (1 - out[o]!) * (1 - sampleCoarse(glow[c]!, x, y));
          out[o] = out[o]! + (screen - out[o]!) * k;
        }
      }
    }
    afterRow?.(y);
  }
  return backdrop;
}

/**
 * `fg` over `out` through `alpha` on pixels [from, to). A function called per row, so V8
 * optimises it once for every render.
 */
function blendRow(out: Float32Array, fg: Float32Array, alpha: Float32Array, from: number, to: number): void {
  for (let i = from, o = from * 3; i < to; i++, o += 3) {
    const a = alpha[i]!;
    if (a <= 0) continue;
    out[o] = out[o]! + (fg[o]! - out[o]!) * a;
    out[o + 1] = out[o + 1]! + (fg[o + 1]! - out[o + 1]!) * a;
    out[o + 2] = out[o + 2]! + (fg[o + 2]! - out[o + 2]!) * a;
  }
}
