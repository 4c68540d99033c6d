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

/** The matte (analysis size) as a solid/background grid: alpha ≥ 0.5. */
function solidGrid(a: PhotoAnalysis): Uint8Array {
  const solid = new Uint8Array(a.alphaWidth * a.alphaHeight);
  for (let i = 0; i < solid.length; i++) solid[i] = a.alpha[i]! >= 0.5 ? 1 : 0;
  return solid;
}

/** `box` (source pixels) as inclusive-exclusive matte cells, clipped to the matte. */
function cellsOf(a: PhotoAnalysis, box: Crop): { x0: number; y0: number; x1: number; y1: number } {
  const s = a.alphaWidth / a.width;
  return {
    x0: Math.max(0, Math.floor(box.left * s)),
    y0: Math.max(0, Math.floor(box.top * s)),
    x1: Math.min(a.alphaWidth, Math.ceil((box.left + box.width) * s)),
    y1: Math.min(a.alphaHeight, Math.ceil((box.top + box.height) * s)),
  };
}

/**
 * Pieces of the matte inside the portrait's frame (`crop`, source pixels) not connected (within the
 * frame, 4-neighbours) to the piece under the face: how many, and their area as a share of the
 * frame. What a customer sees as a floating blob on the new backdrop.
 */
export function loosePieces(a: PhotoAnalysis, crop: Crop, face: Box): { count: number; share: number } {
  const solid = solidGrid(a);
  const { x0, y0, x1, y1 } = cellsOf(a, crop);
  const w = a.alphaWidth;
  const label = new Int32Array(solid.length);
  const sizes: number[] = [0];
  const stack: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * w + x;
      if (!solid[i] || label[i]) continue;
      const id = sizes.length;
      let size = 0;
      label[i] = id;
      stack.push(i);
      while (stack.length) {
        const j = stack.pop()!;
        size++;
        const jx = j % w;
        const jy = (j - jx) / w;
        for (const [nx, ny] of [
          [jx - 1, jy],
          [jx + 1, jy],
          [jx, jy - 1],
          [jx, jy + 1],
        ] as const) {
          if (nx < x0 || nx >= x1 || ny < y0 || ny >= y1) continue;
          const k = ny * w + nx;
          if (solid[k] && !label[k]) {
            label[k] = id;
            stack.push(k);
          }
        }
      }
      sizes.push(size);
    }
  }
  // The person: the largest piece touching the face box's middle third.
  const s = a.alphaWidth / a.width;
  let person = 0;
  for (
    let y = Math.round((face.y + face.height / 3) * s);
    y < Math.round((face.y + (face.height * 2) / 3) * s);
    y++
  ) {
    for (
      let x = Math.round((face.x + face.width / 3) * s);
      x < Math.round((face.x + (face.width * 2) / 3) * s);
      x++
    ) {
      if (x < x0 || x >= x1 || y < y0 || y >= y1) continue;
      const id = label[y * w + x]!;
      if (id && sizes[id]! > (sizes[person] ?? 0)) person = id;
    }
  }
  let count = 0;
  let area = 0;
  for (let id = 1; id < sizes.length; id++) {
    if (id === person) continue;
    count++;
    area += sizes[id]!;
  }
  return { count, share: area / Math.max(1, (x1 - x0) * (y1 - y0)) };
}

/** Share of the frame (`crop`, source pixels) the matte covers; the frame past the photo counts as backdrop. */
export function subjectCover(a: PhotoAnalysis, crop: Crop): { share: number; centreX: number } {
  const { x0, y0, x1, y1 } = cellsOf(a, crop);
  const s = a.alphaWidth / a.width;
  let sum = 0;
  let sx = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = a.alpha[y * a.alphaWidth + x]!;
      sum += v;
      sx += v * (x + 0.5);
    }
  }
  const frameCells = crop.width * s * crop.height * s;
  return { share: sum / frameCells, centreX: sum ? (sx / sum / s - crop.left) / crop.width : 0.5 };
}

/** Share of `box` (source pixels, e.g. another person's face) the matte keeps, within the frame. */
export function keptInBox(a: PhotoAnalysis, box: Box, crop: Crop): number | null {
  const left = Math.max(box.x, crop.left);
  const top = Math.max(box.y, crop.top);
  const right = Math.min(box.x + box.width, crop.left + crop.width);
  const bottom = Math.min(box.y + box.height, crop.top + crop.height);
  // Less than a quarter of that face in the frame: nothing of it to judge.
  if ((right - left) * (bottom - top) < 0.25 * box.width * box.height || right <= left || bottom <= top)
    return null;
  const { x0, y0, x1, y1 } = cellsOf(a, { left, top, width: right - left, height: bottom - top });
  let kept = 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      n++;
      if (a.alpha[y * a.alphaWidth + x]! >= 0.5) kept++;
    }
  }
  return n ? kept / n : null;
}

/** sRGB bytes to CIE L*a*b* (D65). */
function lab(r: number, g: number, b: number): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);
  const fx = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const fy = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const fz = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** Hue angle (degrees of L*a*b*) in the middle of healthy skin of every complexion under neutral light. */
export const SKIN_HUE = 57;

/**
 * The skin's colour in a rendered portrait: mean a*, b* of the middle of the face box (cheeks,
 * nose; the inner half each way), its hue angle and how far that hue is outside the band of
 * skin under neutral light (SKIN_HUE ± 22°): 0 when inside, else the degrees past it (a blue
 * or magenta cast turns the hue towards red-purple, a green or yellow one past yellow).
 * Null for a colourless face (black and white).
 */
export async function skinCast(
  jpeg: Buffer,
  face: Box,
): Promise<{ a: number; b: number; hue: number; cast: number } | null> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const x0 = Math.max(0, Math.round(face.x + face.width * 0.25));
  const x1 = Math.min(info.width, Math.round(face.x + face.width * 0.75));
  const y0 = Math.max(0, Math.round(face.y + face.height * 0.3));
  const y1 = Math.min(info.height, Math.round(face.y + face.height * 0.8));
  let [sa, sb, n] = [0, 0, 0];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const o = (y * info.width + x) * info.channels;
      const [L, A, B] = lab(data[o]!, data[o + 1]!, data[o + 2]!);
      // Skip eyes, nostrils and highlights: skin is mid-tone.
      if (L < 25 || L > 92) continue;
      sa += A;
      sb += B;
      n++;
    }
  }
  if (!n) return null;
  const [a, b] = [sa / n, sb / n];
  if (Math.hypot(a, b) < 4) return null;
  const hue = (Math.atan2(b, a) * 180) / Math.PI;
  return { a, b, hue, cast: Math.max(0, Math.abs(hue - SKIN_HUE) - 22) };
}

/** A small colour copy for comparing two portraits (same size whatever their aspect). */
export async function thumbnail(jpeg: Buffer): Promise<Uint8Array> {
  return sharp(jpeg).resize(48, 60, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

/** Mean absolute difference of two thumbnails, 0 (same) to 1. */
export function thumbDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length / 255;
}
