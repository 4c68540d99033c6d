/**
 * Turns measurements into reasons against the live thresholds and the photoshoot's other
 * accepted photos. Pure: no I/O, so every rule is testable on numbers.
 */
import { hammingDistance } from './vision/perceptual-hash.js';
import type { UploadCheckSettings } from './check-settings.js';
import type { NormBox, PhotoAnalysis } from './photo-analysis.js';
import { reason, type QcReason } from './reasons.js';
import type { FrameRules } from './frame-rules.js';
import type { PersonBox } from './vision/people.js';

/** Another photo of the same photoshoot, already accepted. */
export type OtherPhoto = { dhash: string; phash: string; embedding: number[] };

export function judge(
  a: PhotoAnalysis,
  t: UploadCheckSettings,
  others: OtherPhoto[],
  rules: FrameRules,
  /** The people found by their bodies (vision/people.ts), when they were looked for. */
  people: PersonBox[] = [],
): QcReason[] {
  const reasons: QcReason[] = [];
  const lowResolution = Math.min(a.width, a.height) < t.minShortSide;
  if (lowResolution) reasons.push(reason('low_resolution'));
  const face = a.face;
  // Exposure is judged on the face when there is one: a bright window behind a well-lit face is fine.
  const exposure = face?.exposure ?? a.exposure;
  const dark = exposure.mean < t.minBrightness;
  const bright =
    exposure.mean > t.maxBrightness || (face !== null && exposure.clippedHighlights > t.maxClippedHighlights);
  if (dark) reasons.push(reason('too_dark'));
  if (bright) reasons.push(reason('overexposed'));
  if (!face) {
    reasons.push(reason('no_face'));
  } else {
    // note: blur is not reported on top of exposure or size problems, which also lower the
    // measure; the user gets the cause to fix, not a symptom of it.
    const blurry = !dark && !bright && !lowResolution && face.sharpness < t.minSharpness;
    // A blurred photo fools the detector: measured on the sample portrait blurred with sigma 9 to
    // 13, it found face-like blobs (the suit, the shoulder) scored 0.87–0.97 by the mesh, next to
    // or instead of the real face (docs/decisions/009-upload-checks.md). Counting people and
    // reading the head's pose are only trusted on a sharp face; on a blurred one the blur is the
    // cause to fix, and a sharp retake is checked for both again.
    const mainHeight = face.box.height;
    // A face the photo's edge cuts shows only part of its height: another person partly in frame.
    const others = a.faces
      .slice(1)
      .filter((f) => f.box.height >= mainHeight * t.otherFaceMinRatio * (atEdge(f.box) ? 0.6 : 1));
    // Someone whose face is outside the photo (a shoulder, an arm or hair at its side) is found
    // by the body detector alone.
    const bodies = people.filter((p) => isNeighbourBody(p, face.box, t.otherPersonMinScore));
    if (!blurry && (others.length > 0 || bodies.length > 0)) reasons.push(reason('multiple_faces'));
    if (face.heightFrac < t.minFaceHeight) reasons.push(reason('face_too_small'));
    if (!blurry) {
      if (Math.abs(face.yaw) > t.maxYawDegrees || Math.abs(face.pitch) > t.maxPitchDegrees)
        reasons.push(reason('face_turned'));
      if (face.eyesOpen !== null && face.eyesOpen < t.minEyesOpen) reasons.push(reason('eyes_closed'));
      // A tilt is a pose the engine levels, as far as the setting allows and the turned photo
      // still holds the head.
      const roll = face.headRoll;
      const box = pixelsOf(face.box, a);
      if (
        roll !== null &&
        (Math.abs(roll) > t.maxRollDegrees || !rules.endsUpright(a.width, a.height, box, roll))
      )
        reasons.push(reason('head_tilted'));
    }
    if (blurry) reasons.push(reason('blurry'));
  }
  if (others.some((o) => isDuplicate(a, o, t.duplicateMaxDistance))) reasons.push(reason('duplicate'));
  if (face && face.embedding.length > 0 && differentPerson(face.embedding, others, t))
    reasons.push(reason('different_person'));
  return reasons;
}

function pixelsOf(b: NormBox, a: PhotoAnalysis) {
  return { x: b.x * a.width, y: b.y * a.height, width: b.width * a.width, height: b.height * a.height };
}

/** A body box narrower than this share of the photo is a hand or a bag more often than a person. */
const LEAST_BODY_WIDTH = 0.08;
/** How close to a side a box must reach to be cut by it, as a share of the photo's width. */
const SIDE_MARGIN = 0.015;

/**
 * Whether a body the detector found is someone beside the sitter, cut by a side of the photo: sure
 * enough, not narrow, reaching the left or right edge, and not holding the sitter's face (the
 * sitter's own box). A whole person inside the photo shows their face, which the face rules judge;
 * on single-person photos the detector's extra boxes (a held helmet, an arm on a table) were under
 * 0.2 or short of the sides (docs/decisions/009-upload-checks.md).
 */
function isNeighbourBody(p: PersonBox, face: NormBox, minScore: number): boolean {
  const b = p.box;
  if (p.score < minScore || b.width < LEAST_BODY_WIDTH) return false;
  if (b.x > SIDE_MARGIN && b.x + b.width < 1 - SIDE_MARGIN) return false;
  const cx = face.x + face.width / 2;
  const cy = face.y + face.height / 2;
  return !(cx >= b.x && cx <= b.x + b.width && cy >= b.y && cy <= b.y + b.height);
}

/** Whether a box (fractions of the photo) touches one of the photo's edges. */
function atEdge(b: { x: number; y: number; width: number; height: number }): boolean {
  const m = 0.005;
  return b.x <= m || b.y <= m || b.x + b.width >= 1 - m || b.y + b.height >= 1 - m;
}

/**
 * Least face height (pixels of the upload, the mesh's box) for a sharp close-up: a headshot's face
 * fills ~0.42 of a 2048 px frame, and the studio engine enlarges a photo at most 2.5×
 * (processing/studio/framing.ts MAX_ENLARGEMENT); the detector's box is about a sixth taller than
 * the mesh's.
 */
export const CLOSE_UP_MIN_FACE_PX = 300;

/** The hair's usual height over the mesh's box (its top is the forehead), as a share of the box. */
const HAIR_OVER_MESH = 0.3;

/**
 * The tallest frame (upload pixels) the studio engine can take from a photo: it ends at the
 * photo's bottom (the body continues there) and rises at most the rules' headroom over the
 * hair, or to the photo's top where the hair reaches it; and a person cut by both sides (a close
 * crop) is framed no wider than the photo, in the usual 4:5 portrait.
 */
export function tallestFrame(a: PhotoAnalysis, rules: FrameRules): number {
  if (!a.face) return 0;
  const hairTop = (a.face.box.y - a.face.box.height * HAIR_OVER_MESH) * a.height;
  const tall = hairTop > 0 ? (a.height - hairTop) / (1 - rules.mostHeadroom) : a.height;
  return Math.min(tall, a.width / rules.aspectRatio('4:5'));
}

/**
 * Notes on a photo that is accepted: what it will and will not be good for. A photo is small for
 * close-ups when its face is small (portraits from it are framed wider than the style's share), or
 * when the photo itself cannot give a delivered portrait's frame without enlarging it past
 * MAX_ENLARGEMENT (its portraits are framed as wide as it allows, and still enlarged more).
 */
export function notesOn(a: PhotoAnalysis, rules: FrameRules): QcReason[] {
  if (!a.face) return [];
  const smallFace = a.face.box.height * a.height < CLOSE_UP_MIN_FACE_PX;
  const smallPhoto = tallestFrame(a, rules) < rules.leastFrameHeight('4:5');
  return smallFace || smallPhoto ? [reason('small_for_close_ups')] : [];
}

function isDuplicate(a: PhotoAnalysis, o: OtherPhoto, max: number): boolean {
  return hammingDistance(a.dhash, o.dhash) <= max || hammingDistance(a.phash, o.phash) <= max;
}

/** Someone else when the median similarity to the accepted photos is under the threshold. */
function differentPerson(embedding: number[], others: OtherPhoto[], t: UploadCheckSettings): boolean {
  const sims = others
    .filter((o) => o.embedding.length === embedding.length)
    .map((o) => similarity(embedding, o.embedding))
    .sort((x, y) => x - y);
  if (sims.length < t.samePersonMinOthers) return false;
  const mid = sims.length >> 1;
  const median = sims.length % 2 ? sims[mid]! : (sims[mid - 1]! + sims[mid]!) / 2;
  return median < t.minSamePersonSimilarity;
}

/**
 * Human's `match.similarity` with its defaults (squared distance × 25, rescaled from the 0.2–0.8
 * band to 0–1), reimplemented so the main thread need not load the library.
 */
export function similarity(a: number[], b: number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  if (sum === 0) return 1;
  const s = (1 - Math.sqrt(25 * sum) / 100 - 0.2) / 0.6;
  return Math.max(0, Math.min(1, s));
}
