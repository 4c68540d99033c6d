/**
 * What the face mesh (MediaPipe's 468 points, as Human returns them) says of a head: how far it
 * leans sideways, and how open its eyes are. Both the upload checks and the studio engine read
 * them, so a photo is judged at upload by the figures the engine will work from.
 */

/** A face mesh: points of [x, y, z] in image pixels. */
export type Mesh = ArrayLike<ArrayLike<number | undefined>>;

/** Mesh points at the top of the forehead and the chin. */
export const FOREHEAD = 10;
export const CHIN = 152;

/**
 * The head's roll in degrees: how far the forehead-to-chin axis leans from upright, positive when
 * the head leans clockwise on screen (its right-hand side lower). Null without a mesh.
 *
 * The axis, not the two iris centres: the iris landmarks follow the gaze and jump between crops of
 * one face (7° in one crop and 25° in a wider crop of the same moment), where the axis reads 28°/30°.
 */
export function headRoll(mesh: Mesh | undefined): number | null {
  const top = mesh?.[FOREHEAD];
  const chin = mesh?.[CHIN];
  if (!top || !chin) return null;
  const dx = chin[0]! - top[0]!;
  const dy = chin[1]! - top[1]!;
  if (dy <= 0) return null;
  return (Math.atan2(-dx, dy) * 180) / Math.PI;
}

/** Each eye's corners, then its upper and lower lid at the middle. */
const EYES = [
  { corners: [33, 133], lids: [159, 145] },
  { corners: [362, 263], lids: [386, 374] },
] as const;

/**
 * How open the eyes are: the gap between the lids over the eye's width, of the more open eye (a
 * wink or a squint on one side is a pose). About 0.3–0.5 for open eyes looking at the camera, under
 * 0.1 for eyes shut or cast down; measured on the corpus of everyday photos (ADR 034). Null without
 * a full mesh.
 */
export function eyesOpen(mesh: Mesh | undefined): number | null {
  if (!mesh || mesh.length < 468) return null;
  const point = (i: number) => mesh[i]!;
  const dist = (a: number, b: number) => Math.hypot(point(a)[0]! - point(b)[0]!, point(a)[1]! - point(b)[1]!);
  let most: number | null = null;
  for (const eye of EYES) {
    const width = dist(eye.corners[0], eye.corners[1]);
    if (width > 0) most = Math.max(most ?? 0, dist(eye.lids[0], eye.lids[1]) / width);
  }
  return most;
}
