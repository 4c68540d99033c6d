/**
 * The last slivers of the scene: thin spurs of the matte (narrower than about 1 % of the photo)
 * in the colour of the background beside them, such as a flake of pale wall wedged between an
 * arm and a held helmet, or what is left of a stripe along a sleeve once the stripe is gone. The
 * colour rules of scene-leftovers.ts keep such a flake when the sitter has a similar colour
 * somewhere near (the helmet's pale band in shade); its shape is what gives it away. A spur is
 * what a morphological opening of the matte takes off, so a limb, a finger or a sleeve, wider than
 * the opening, never is one; the face and the hair above it are never touched.
 */
import { erode } from './planes.js';
import { untouchedAround, type Box } from './framing.js';
import { floodPiece, pieceScratch } from './grid-neighbours.js';
import { BACKGROUND_LIMIT, confidentBackground } from './scene-leftovers.js';
import type { SampledColours } from './sampled-colours.js';

/** Least share of a spur's pixels in the background's colour. */
const MIN_BACKGROUND_SHARE = 0.8;

/** `alpha` at analysis size, changed in place; `rgb` its image's bytes. Returns the pixels dropped. */
export function dropThinSpurs(
  alpha: Float32Array,
  rgb: Uint8Array,
  width: number,
  height: number,
  face: Box | null,
): number {
  const n = width * height;
  const side = Math.max(width, height);
  const r = Math.max(2, Math.round(side / 100));
  const kept = new Float32Array(n);
  for (let i = 0; i < n; i++) kept[i] = alpha[i]! >= 0.5 ? 1 : 0;
  // Opening: erode, then dilate (the erosion of the complement).
  const inner = erode(kept, width, height, r);
  for (let i = 0; i < n; i++) inner[i] = 1 - inner[i]!;
  const outerComplement = erode(inner, width, height, r);
  const untouched = untouchedAround(face);
  const spur = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!kept[i] || outerComplement[i]! < 1) continue;
    const x = i % width;
    const y = (i - x) / width;
    if (untouched(x, y)) continue;
    spur[i] = 1;
  }
  // Made on the first spur big enough to judge, so a photo without one (two of the bench's seven
  // analyses) does not pay for it.
  let background: SampledColours | null = null;
  const minSize = Math.max(8, Math.round(n * 0.00004));
  const seen = new Uint8Array(n);
  const scratch = pieceScratch(width, height);
  let dropped = 0;
  for (let s = 0; s < n; s++) {
    if (!spur[s] || seen[s]) continue;
    const piece = floodPiece(s, spur, seen, width, height, scratch);
    if (piece.length < minSize) continue;
    background ??= confidentBackground(alpha, rgb, width, height);
    let matching = 0;
    for (const i of piece) if (background.nearest(i, BACKGROUND_LIMIT) <= BACKGROUND_LIMIT) matching++;
    if (matching < piece.length * MIN_BACKGROUND_SHARE) continue;
    // What is dropped is background to the spurs judged after it.
    for (const i of piece) {
      alpha[i] = 0;
      background.add(i);
    }
    dropped += piece.length;
  }
  return dropped;
}
