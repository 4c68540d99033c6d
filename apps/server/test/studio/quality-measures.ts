/**
 * Measures of a rendered portrait the quality check compares with its committed thresholds:
 * headroom above the hair, pixels of the input's green padding or pattern that survived, and
 * the face's sharpness (variance of the Laplacian, core/vision/sharpness.ts).
 */
import sharp from 'sharp';
import type { RenderedPortrait } from '../../src/modules/processing/studio/render-portrait.js';
import type { PhotoAnalysis } from '../../src/modules/processing/studio/analyse-photo.js';
import { laplacianVariance } from '../../src/modules/analysis/vision/sharpness.js';

type Box = { x: number; y: number; width: number; height: number };
type Crop = { left: number; top: number; width: number; height: number };

/** Space above the hair as a fraction of the frame height (negative: the hair is cut). */
export function headroom(r: RenderedPortrait, hairTop: number): number {
  const crop = r.params.crop as Crop;
  return (hairTop - crop.top) / crop.height;
}

/** Share of the portrait's pixels that are the input's saturated green. */
export async function greenShare(r: RenderedPortrait): Promise<number> {
  const { data, info } = await sharp(r.jpeg).raw().toBuffer({ resolveWithObject: true });
  let green = 0;
  const n = info.width * info.height;
  for (let i = 0; i < n; i++) {
    const [red, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    if (g > 110 && g - red > 50 && g - b > 50) green++;
  }
  return green / n;
}

/** Variance of the Laplacian of `box` of a luma image, at its own resolution. */
export async function sharpnessOf(
  image: Buffer,
  box: Box,
  raw?: { width: number; height: number },
): Promise<number> {
  const input = raw ? sharp(image, { raw: { ...raw, channels: 3 } }) : sharp(image);
  const region = {
    left: Math.max(0, Math.round(box.x)),
    top: Math.max(0, Math.round(box.y)),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
  const { data, info } = await input.extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  const luma = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) luma[i] = data[i]! / 255;
  return laplacianVariance(luma, info.width, info.height);
}

/** The face's sharpness in a rendered portrait (the face box it reports, inset a little). */
export function faceSharpness(r: RenderedPortrait): Promise<number> {
  const f = r.params.face as Box;
  const inset = {
    x: f.x + f.width * 0.1,
    y: f.y + f.height * 0.1,
    width: f.width * 0.8,
    height: f.height * 0.8,
  };
  return sharpnessOf(r.jpeg, inset);
}

/**
 * Pixels of the matte (analysis size) inside `box` (source pixels) whose source colour is the
 * original backdrop's: bright and unsaturated (the sample's pale wall), as a count.
 */
export function paleBackdropKept(a: PhotoAnalysis, box: Box): number {
  const scale = a.alphaWidth / a.width;
  let count = 0;
  for (let y = Math.round(box.y * scale); y < Math.round((box.y + box.height) * scale); y++) {
    for (let x = Math.round(box.x * scale); x < Math.round((box.x + box.width) * scale); x++) {
      if (a.alpha[y * a.alphaWidth + x]! < 0.5) continue;
      const sx = Math.min(a.width - 1, Math.round(x / scale));
      const sy = Math.min(a.height - 1, Math.round(y / scale));
      const o = (sy * a.width + sx) * 3;
      const [r, g, b] = [a.rgb[o]!, a.rgb[o + 1]!, a.rgb[o + 2]!];
      if (Math.min(r, g, b) > 150 && Math.max(r, g, b) - Math.min(r, g, b) < 30) count++;
    }
  }
  return count;
}

/**
 * How stair-stepped the matte's outline over the head is: along columns ¼ source pixel apart
 * across the face's width, the row (source pixels) where the matte first reaches 0.5 from the
 * top, and the mean absolute second difference of that curve (0 for a straight or gently curved
 * outline; a staircase of whole matte pixels scores high at its corners).
 */
export function outlineRoughness(a: PhotoAnalysis): number {
  const face = a.face!;
  const s = a.alphaWidth / a.width;
  const at = (x: number, y: number) => {
    const fx = Math.min(a.alphaWidth - 1.001, Math.max(0, x * s - 0.5));
    const fy = Math.min(a.alphaHeight - 1.001, Math.max(0, y * s - 0.5));
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = fx - x0;
    const ty = fy - y0;
    const w = a.alphaWidth;
    const top = a.alpha[y0 * w + x0]! * (1 - tx) + a.alpha[y0 * w + x0 + 1]! * tx;
    const bottom = a.alpha[(y0 + 1) * w + x0]! * (1 - tx) + a.alpha[(y0 + 1) * w + x0 + 1]! * tx;
    return top * (1 - ty) + bottom * ty;
  };
  const rows: number[] = [];
  for (let x = face.x + face.width * 0.15; x < face.x + face.width * 0.85; x += 0.25) {
    let prev = at(x, 0);
    for (let y = 0.25; y < face.y + face.height * 0.3; y += 0.25) {
      const v = at(x, y);
      if (v >= 0.5) {
        rows.push(y - 0.25 + (0.25 * (0.5 - prev)) / Math.max(1e-6, v - prev));
        break;
      }
      prev = v;
    }
  }
  let sum = 0;
  for (let i = 1; i + 1 < rows.length; i++) sum += Math.abs(rows[i + 1]! - 2 * rows[i]! + rows[i - 1]!);
  return sum / Math.max(1, rows.length - 2);
}

/**
 * Of the source pixels inside `box` (source pixels) whose colour passes `is`, the share the matte
 * (analysis size) keeps (≥ 0.5); 0 when none passes.
 */
export function keptShare(
  a: PhotoAnalysis,
  box: Box,
  is: (r: number, g: number, b: number) => boolean,
): number {
  const scale = a.alphaWidth / a.width;
  let seen = 0;
  let kept = 0;
  for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++) {
    for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++) {
      const o = (y * a.width + x) * 3;
      if (!is(a.rgb[o]!, a.rgb[o + 1]!, a.rgb[o + 2]!)) continue;
      seen++;
      const ax = Math.min(a.alphaWidth - 1, Math.round(x * scale));
      const ay = Math.min(a.alphaHeight - 1, Math.round(y * scale));
      if (a.alpha[ay * a.alphaWidth + ax]! >= 0.5) kept++;
    }
  }
  return seen ? kept / seen : 0;
}

/**
 * Neighbouring matte pixels (analysis size, `box` in source pixels) that jump from background to
 * solid in one step (|Δ| > 0.9): a hard edge that an enlarged portrait shows as a sawtooth.
 */
export function hardSteps(a: PhotoAnalysis, box: Box): number {
  const scale = a.alphaWidth / a.width;
  const w = a.alphaWidth;
  let steps = 0;
  for (let y = Math.round(box.y * scale); y < Math.round((box.y + box.height) * scale); y++) {
    for (let x = Math.round(box.x * scale); x < Math.round((box.x + box.width) * scale); x++) {
      const v = a.alpha[y * w + x]!;
      if (Math.abs(v - a.alpha[y * w + x + 1]!) > 0.9) steps++;
      if (Math.abs(v - a.alpha[(y + 1) * w + x]!) > 0.9) steps++;
    }
  }
  return steps;
}
