/**
 * Whether a face box is believable on the person's matte. A detector can take a patch of hair or
 * a pattern for a face; framed by rule, such a box became a close-up of the scalp many times
 * enlarged. A real face lies on the person (most of its box inside the matte) and is a good part
 * of the matte's width across its middle, and is about as tall as wide.
 */
import type { Box } from './framing.js';

/** `face` in source pixels; the matte at `scale` (analysis pixels per source pixel). */
export function plausibleFace(
  face: Box,
  alpha: Float32Array,
  aw: number,
  ah: number,
  scale: number,
): boolean {
  const aspect = face.height / face.width;
  if (!(aspect > 0.6 && aspect < 2)) return false;
  const x0 = Math.max(0, Math.floor(face.x * scale));
  const y0 = Math.max(0, Math.floor(face.y * scale));
  const x1 = Math.min(aw, Math.ceil((face.x + face.width) * scale));
  const y1 = Math.min(ah, Math.ceil((face.y + face.height) * scale));
  if (x1 <= x0 || y1 <= y0) return false;
  let inside = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (alpha[y * aw + x]! >= 0.5) inside++;
  if (inside < 0.5 * (x1 - x0) * (y1 - y0)) return false;
  // The matte's run through the face's middle: the head with its hair is at most ~3 faces wide, and
  // a neighbour's head touching it at most doubles that; a patch of hair taken for a face is far
  // narrower than the head it lies on.
  const cy = Math.round((y0 + y1) / 2);
  const cx = Math.round((x0 + x1) / 2);
  if (cy >= ah || alpha[cy * aw + cx]! < 0.5) return false;
  let l = cx;
  let r = cx;
  while (l > 0 && alpha[cy * aw + l - 1]! >= 0.5) l--;
  while (r < aw - 1 && alpha[cy * aw + r + 1]! >= 0.5) r++;
  const run = r - l + 1;
  return x1 - x0 >= run / 6;
}
