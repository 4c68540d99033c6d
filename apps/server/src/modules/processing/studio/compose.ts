/**
 * Puts the cut-out subject into the new scene so it reads as one photograph: edge colours cleaned
 * of the old background (decontamination), the subject's exposure and white balance drawn towards
 * the new light, a soft shadow on the backdrop behind the shoulders, and a light wrap (the
 * backdrop's light bleeding a little around the subject's edges, as it does in a real studio).
 */
import { clamp01, gaussBlur, gaussBlurRgb, luma, smoothstep, type Rgb } from './planes.js';
import type { Box } from './framing.js';

/** Replaces colours at the matte's soft edge with nearby solid-subject colours. */
export function decontaminate(subject: Rgb, alpha: Float32Array, sigma: number): void {
  const { width, height, data } = subject;
  const n = width * height;
  const solid = new Float32Array(n);
  for (let i = 0; i < n; i++) solid[i] = smoothstep(0.9, 1, alpha[i]!);
  const den = gaussBlur(solid, width, height, sigma);
  const weighted = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    weighted[i * 3] = data[i * 3]! * solid[i]!;
    weighted[i * 3 + 1] = data[i * 3 + 1]! * solid[i]!;
    weighted[i * 3 + 2] = data[i * 3 + 2]! * solid[i]!;
  }
  const num = gaussBlurRgb({ width, height, data: weighted }, sigma).data;
  for (let i = 0; i < n; i++) {
    const a = alpha[i]!;
    if (a >= 0.98 || a <= 0.002 || den[i]! < 1e-3) continue;
    const keep = a * a;
    for (let c = 0; c < 3; c++) {
      const fg = num[i * 3 + c]! / den[i]!;
      data[i * 3 + c] = data[i * 3 + c]! * keep + fg * (1 - keep);
    }
  }
}

type Stats = { r: number; g: number; b: number; l: number };

function weightedMean(img: Rgb, weight: (i: number, x: number, y: number) => number): Stats {
  let r = 0;
  let g = 0;
  let b = 0;
  let w = 0;
  const { width, height, data } = img;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const i = y * width + x;
      const k = weight(i, x, y);
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
 * its colour a little towards the backdrop's, as light reflected from it would.
 */
export function matchLight(
  subject: Rgb,
  alpha: Float32Array,
  backdrop: Rgb,
  face: Box,
): Record<string, number> {
  const faceStats = weightedMean(subject, (i, x, y) =>
    x >= face.x && x < face.x + face.width && y >= face.y && y < face.y + face.height ? alpha[i]! : 0,
  );
  const back = weightedMean(backdrop, (i) => 1 - alpha[i]!);
  const target = 0.5 + 0.08 * (back.l - 0.45);
  const gain = Math.max(0.78, Math.min(1.4, target / Math.max(0.05, faceStats.l)));
  const tint = 0.07;
  const mr = 1 + tint * (back.r / Math.max(0.05, back.l) - 1);
  const mg = 1 + tint * (back.g / Math.max(0.05, back.l) - 1);
  const mb = 1 + tint * (back.b / Math.max(0.05, back.l) - 1);
  const { data } = subject;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]! <= 0.002) continue;
    data[i * 3] = rolloff(data[i * 3]! * gain * mr);
    data[i * 3 + 1] = rolloff(data[i * 3 + 1]! * gain * mg);
    data[i * 3 + 2] = rolloff(data[i * 3 + 2]! * gain * mb);
  }
  return { gain, faceLuma: faceStats.l, backdropLuma: back.l };
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
  const dx = Math.round(width * 0.012);
  const dy = Math.round(height * 0.018);
  const shifted = new Float32Array(width * height);
  for (let y = dy; y < height; y++) {
    for (let x = dx; x < width; x++) shifted[y * width + x] = alpha[(y - dy) * width + (x - dx)]!;
  }
  const shadow = gaussBlur(shifted, width, height, width * 0.03);
  for (let i = 0; i < shadow.length; i++) {
    const k = 1 - strength * shadow[i]!;
    data[i * 3] = data[i * 3]! * k;
    data[i * 3 + 1] = data[i * 3 + 1]! * k;
    data[i * 3 + 2] = data[i * 3 + 2]! * k;
  }
}

/** subject over backdrop through `alpha`, then the light wrap; returns a new image. */
export function composite(subject: Rgb, alpha: Float32Array, backdrop: Rgb, wrap: number): Rgb {
  const { width, height } = backdrop;
  const n = width * height;
  const out = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const a = alpha[i]!;
    for (let c = 0; c < 3; c++)
      out[i * 3 + c] = subject.data[i * 3 + c]! * a + backdrop.data[i * 3 + c]! * (1 - a);
  }
  if (wrap > 0) {
    const glow = gaussBlurRgb(backdrop, width * 0.018).data;
    const spread = gaussBlur(alpha, width, height, width * 0.01);
    for (let i = 0; i < n; i++) {
      // Strongest just inside the subject's edge, fading towards its middle.
      const k = wrap * clamp01(alpha[i]! * (1 - spread[i]!) * 2.2);
      if (k <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const o = i * 3 + c;
        const screen = 1 - (1 - out[o]!) * (1 - glow[o]!);
        out[o] = out[o]! + (screen - out[o]!) * k;
      }
    }
  }
  return { width, height, data: out };
}
