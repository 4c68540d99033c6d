/**
 * Natural skin retouch: the face's luma smoothed by a self-guided filter (edges of eyes, lips and
 * hairline survive, pores and blotches soften), applied on skin-coloured pixels of the face only
 * and blended at low opacity, so the skin keeps its texture and never turns plastic.
 */
import { clamp01, luma, smoothstep, type Rgb } from './planes.js';
import type { Box } from './framing.js';
import { guidedFilter } from './refine-mask.js';

/** How much of the smoothed skin a style's `retouch: 1` shows; lower values scale it down. */
const MAX_OPACITY = 0.7;

/** Soft membership of an sRGB colour in the skin tones (chroma box in YCbCr, all skin tones). */
function skinness(r: number, g: number, b: number): number {
  const cb = 0.5 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 0.5 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  const inCr = smoothstep(0.5, 0.53, cr) * (1 - smoothstep(0.66, 0.7, cr));
  const inCb = smoothstep(0.3, 0.33, cb) * (1 - smoothstep(0.5, 0.53, cb));
  return inCr * inCb;
}

/** Smooths the skin of `face` (output pixels) in `img`, in place; `amount` 0..1 (0 = untouched). */
export function retouchSkin(img: Rgb, alpha: Float32Array, face: Box, amount: number): void {
  if (amount <= 0) return;
  const { width, height, data } = img;
  const x0 = Math.max(0, Math.floor(face.x - face.width * 0.1));
  const x1 = Math.min(width, Math.ceil(face.x + face.width * 1.1));
  const y0 = Math.max(0, Math.floor(face.y - face.height * 0.1));
  const y1 = Math.min(height, Math.ceil(face.y + face.height * 1.15));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w < 8 || h < 8) return;
  const grey = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = ((y + y0) * width + x + x0) * 3;
      grey[y * w + x] = luma(data[o]!, data[o + 1]!, data[o + 2]!);
    }
  }
  // Radius ≈ a pore cluster at this face size; eps keeps edges above ~4% contrast.
  const r = Math.max(2, Math.round(face.width / 70));
  const smooth = guidedFilter(grey, grey, w, h, r, 0.0016);
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height * 0.5;
  const rx = face.width * 0.6;
  const ry = face.height * 0.68;
  const opacity = MAX_OPACITY * clamp01(amount);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const X = x + x0;
      const Y = y + y0;
      const d = ((X - cx) / rx) ** 2 + ((Y - cy) / ry) ** 2;
      if (d >= 1) continue;
      const o = (Y * width + X) * 3;
      const k =
        opacity *
        (1 - smoothstep(0.6, 1, d)) *
        alpha[Y * width + X]! *
        skinness(data[o]!, data[o + 1]!, data[o + 2]!);
      if (k <= 0) continue;
      const shift = (smooth[y * w + x]! - grey[y * w + x]!) * k;
      data[o] = data[o]! + shift;
      data[o + 1] = data[o + 1]! + shift;
      data[o + 2] = data[o + 2]! + shift;
    }
  }
}
