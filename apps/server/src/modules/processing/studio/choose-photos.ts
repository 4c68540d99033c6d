/**
 * Which selfies the studio engine works from, best first: sharp, frontal, well-sized faces score
 * higher, using the analysis the upload checks stored (sharpness, faceBox, pose). Without it the
 * upload order stands. Variants then take turns through the best few, for variety.
 */
import type { SubjectPhoto } from '../providers/types.js';
import { isObjectLike } from '../../../tools/object-kinds.js';

/** How many of the best photos the variants rotate through. */
export const BEST_PHOTOS = 4;

function score(p: SubjectPhoto): number {
  let s = 0;
  if (p.sharpness > 0) s += Math.min(1, p.sharpness / 40);
  if (typeof p.yaw === 'number') s += 1 - Math.min(1, Math.abs(p.yaw) / 30);
  if (p.faceBox && p.height > 0) {
    // Faces filling a fifth to a half of the photo's height frame best.
    const frac = p.faceBox.height / p.height;
    s += frac >= 0.2 && frac <= 0.5 ? 0.5 : 0.2;
  }
  return s;
}

/** The photos ranked best first (stable: equal scores keep their order). */
export function rankPhotos(photos: SubjectPhoto[]): SubjectPhoto[] {
  return photos
    .map((p, i) => ({ p, i, s: score(p) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.p);
}

/** The photo variant `variant` of a style is made from. */
export function photoForVariant(ranked: SubjectPhoto[], variant: number, styleIndex = 0): SubjectPhoto {
  const pool = ranked.slice(0, Math.min(BEST_PHOTOS, ranked.length));
  return pool[(variant + styleIndex) % pool.length]!;
}

/** Reads a stored face box: `{x, y, width|w, height|h}` or `[x, y, w, h]`, absolute or 0..1. */
export function readFaceBox(
  value: unknown,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null {
  let box: number[] | null = null;
  if (Array.isArray(value) && value.length >= 4) box = value.slice(0, 4).map(Number);
  else if (isObjectLike(value))
    box = [value.x, value.y, value.width ?? value.w, value.height ?? value.h].map(Number);
  if (!box || box.some((n) => !Number.isFinite(n)) || box[2]! <= 0 || box[3]! <= 0) return null;
  const normalised = box.every((n) => n <= 1.0001);
  const [x, y, w, h] = normalised
    ? [box[0]! * width, box[1]! * height, box[2]! * width, box[3]! * height]
    : box;
  return { x: x!, y: y!, width: w!, height: h! };
}
