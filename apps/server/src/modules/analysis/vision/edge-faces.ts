/**
 * Faces cut in half by the photo's left or right edge: a neighbour at the side of a group photo,
 * cropped by the customer. The face detector misses a half face (it looks for two eyes), so the
 * neighbour's cheek and hair stayed in the sitter's matte. Mirrored across the edge, a half face
 * becomes a whole one, which the detector finds: the photo is searched once more with a mirrored
 * band on each side. On the studio corpus (test/studio/corpus) this found every neighbour cut by a
 * side edge (g3b, g4b, g4c, g4d, g5d, g5e) and nothing else. The upload checks count such a face
 * as someone else in the photo; the studio engine drops it from the matte.
 *
 * What the mirror makes of a face already found (the sitter's own, at the edge) is not new: a
 * detection counts only where it straddles the edge and does not overlap a known face or its
 * mirror image.
 */
import { padPixels } from './pad-pixels.js';
import type { FaceModels } from './face-models.js';

/** A face's box in pixels of the searched picture. */
export type Box = { x: number; y: number; width: number; height: number };

/** The mirrored band on each side, as a share of the photo's width: past half a face. */
const BAND = 0.25;

/** Most of the smaller box two boxes may share and still be different faces. */
const SAME_FACE = 0.3;

/**
 * The faces straddling the left or right edge of `rgb` (aw × ah, 3 channels) that `known` (boxes
 * in the same pixels) does not hold, with their whole box (reaching past the edge) and the
 * detector's score.
 */
export async function facesAtSideEdges(
  models: FaceModels,
  rgb: Buffer,
  aw: number,
  ah: number,
  known: Box[],
): Promise<Array<Box & { score: number }>> {
  const band = Math.max(1, Math.round(aw * BAND));
  const padded = padPixels(rgb, aw, ah, { left: band, right: band, top: 0, bottom: 0 }, 'mirror');
  // Boxes are all this search reads: no irises (human.ts `findFaces`).
  const found = (await models.faces(padded.data, padded.width, padded.height, false)).map((f) => ({
    x: f.box[0] - band,
    y: f.box[1],
    width: f.box[2],
    height: f.box[3],
    score: f.score,
  }));
  const taken = known.flatMap((k) => [k, mirrored(k, 0), mirrored(k, aw)]);
  return found.filter((b) => straddles(b, 0) !== straddles(b, aw) && !taken.some((k) => sameFace(b, k)));
}

function straddles(b: Box, edge: number): boolean {
  return b.x < edge && b.x + b.width > edge;
}

/** `b` mirrored across the vertical line at `edge`. */
function mirrored(b: Box, edge: number): Box {
  return { ...b, x: 2 * edge - b.x - b.width };
}

/** Whether two face boxes are one face: they share more than SAME_FACE of the smaller's area. */
export function sameFace(a: Box, b: Box): boolean {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return false;
  return (w * h) / Math.min(a.width * a.height, b.width * b.height) > SAME_FACE;
}
