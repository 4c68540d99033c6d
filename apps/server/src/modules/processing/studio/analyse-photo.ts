/**
 * Reads one source photo for the studio engine: upright RGB pixels, the main face (box and eye
 * line) and a refined person matte. Face and matte come from a working copy of at most
 * ANALYSIS_SIDE pixels; the pixels are kept at up to SOURCE_SIDE for the render.
 */
import sharp from 'sharp';
import type { FaceModels } from '../../analysis/vision/face-models.js';
import { fromBytes, greyOf } from './planes.js';
import { refineMask, suppressBackground, suppressPattern, touchedEdges } from './refine-mask.js';
import { keepSubject, paddingMask, subjectTop } from './clean-matte.js';
import { dropSceneLeftovers } from './scene-leftovers.js';
import { restoreFaceSides } from './face-sides.js';
import { deblockForEnlarging, enlarge, type Enlarged } from './enlarge.js';
import { hairMatte } from './hair-matte.js';
import { dropBorderLeftovers, stretchedLook } from './border-context.js';
import { dropThinSpurs } from './thin-spurs.js';
import type { Box } from './framing.js';
import { headRoll } from '../../analysis/vision/face-mesh.js';
import {
  LEVEL_FROM,
  LEVEL_PASSES,
  LEVEL_UP_TO,
  levelPhoto,
  sameFaceTurned,
  TURN_AT_MOST,
  type Point,
} from './level-roll.js';
import { removeRedEye, type Iris } from './red-eye.js';
import { dropOtherPeople } from './other-people.js';
import { facesAtSideEdges, sameFace } from '../../analysis/vision/edge-faces.js';
import type { IsnetSegmenter } from './isnet.js';

export const ANALYSIS_SIDE = 1024;
export const SOURCE_SIDE = 3000;

export type PhotoAnalysis = {
  /** Upright RGB bytes of the source (long side ≤ SOURCE_SIDE). */
  rgb: Buffer;
  width: number;
  height: number;
  /** In source pixels; null when no face was found (then the stored box or a guess is used). */
  face: Box | null;
  eyes: { x: number; y: number } | null;
  /** The matte at analysis size, 0..1. */
  alpha: Float32Array;
  alphaWidth: number;
  alphaHeight: number;
  /** Which model cut the person out. */
  segmenter: 'isnet' | 'selfie' | 'none';
  /** The top of the hair (source pixels): the matte's topmost solid row over the face. */
  hairTop: number | null;
  /** Share of the analysis pixels that were flat canvas padding (cut from the matte). */
  padding: number;
  /** The photo's edges the person is cut by (a levelled photo's turned edges included). */
  touches: { left: boolean; right: boolean; top: boolean };
  /** What was corrected on the source: the head's tilt (degrees turned) and red-eye pixels. */
  corrections: { levelled: number; redEyePixels: number };
  /** A sharpened enlargement of a small source, made once per photo (enlarge.ts), or null. */
  enlarged: Enlarged | null;
};

/** The models the analysis asks: faces and the selfie matte (null: none), and ISNet when configured. */
export type Analysers = { faces: FaceModels | null; isnet: IsnetSegmenter | null };

function centre(points: number[][] | undefined): { x: number; y: number } | null {
  if (!points?.length) return null;
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0]!;
    y += p[1]!;
  }
  return { x: x / points.length, y: y / points.length };
}

type Found = { face: Box; eyes: Point; irises: Iris[]; others: Box[]; roll: number | null };

/**
 * What a detection found, and the search for faces cut by the side edges still to run (source
 * pixels, for `others`): a levelling pass that is not the last throws its faces away, and the
 * search is a second detection on a wider picture.
 */
type Detection = { found: Found; edgeFaces: () => Promise<Box[]> };

/** The detection's faces, with the faces its edge search finds added to the others. */
async function withEdgeFaces(d: Detection): Promise<Found> {
  return { ...d.found, others: [...d.found.others, ...(await d.edgeFaces())] };
}

/** The main (largest) face, its eyes and irises, and the other faces the detector found. */
async function detectFacesOnly(
  models: FaceModels,
  small: Buffer,
  aw: number,
  ah: number,
  scale: number,
): Promise<Detection | null> {
  const faces = [...(await models.faces(small, aw, ah))].sort(
    (a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3],
  );
  const boxes: Box[] = faces.map((f) => ({ x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3] }));
  const toSource = (b: Box): Box => ({
    x: b.x / scale,
    y: b.y / scale,
    width: b.width / scale,
    height: b.height / scale,
  });
  const main = faces[0];
  if (!main) return null;
  const face = toSource(boxes[0]!);
  const irises: Iris[] = [];
  for (const key of ['left', 'right'] as const) {
    const ring = main.irises[key];
    const c = centre(ring);
    if (!ring || !c) continue;
    const radius = ring.reduce((sum, p) => sum + Math.hypot(p[0]! - c.x, p[1]! - c.y), 0) / (ring.length - 1);
    irises.push({ x: c.x / scale, y: c.y / scale, radius: radius / scale });
  }
  const eyes =
    irises.length === 2
      ? { x: (irises[0]!.x + irises[1]!.x) / 2, y: (irises[0]!.y + irises[1]!.y) / 2 }
      : { x: face.x + face.width / 2, y: face.y + face.height * 0.42 };
  return {
    found: { face, eyes, irises, others: boxes.slice(1).map(toSource), roll: headRoll(main.mesh) },
    edgeFaces: async () => (await facesAtSideEdges(models, small, aw, ah, boxes)).map(toSource),
  };
}

async function shrink(rgb: Buffer, width: number, height: number) {
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const aw = Math.max(1, Math.round(width * scale));
  const ah = Math.max(1, Math.round(height * scale));
  const small = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(aw, ah, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return { small, aw, ah, scale };
}

/**
 * The head's roll read on a crop around where its face is (`face`, source pixels), for when the
 * whole turned photo misreads it: on g1c-waist of the corpus the detector took the turned photo's
 * whole width for the face, and the 15° the first turn left went uncorrected. Null when the crop's
 * face is not this one.
 */
async function rollAround(
  models: FaceModels,
  rgb: Buffer,
  width: number,
  height: number,
  face: Box,
): Promise<number | null> {
  const left = Math.max(0, Math.floor(face.x - face.width));
  const top = Math.max(0, Math.floor(face.y - face.height));
  const w = Math.min(width, Math.ceil(face.x + face.width * 2)) - left;
  const h = Math.min(height, Math.ceil(face.y + face.height * 2)) - top;
  if (w < 16 || h < 16) return null;
  const crop = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left, top, width: w, height: h })
    .raw()
    .toBuffer();
  const { small, aw, ah, scale } = await shrink(crop, w, h);
  const seen = await detectFacesOnly(models, small, aw, ah, scale);
  return seen && sameFaceTurned(face, seen.found.face) ? seen.found.roll : null;
}

/** The faces found before a turn, moved with it (when none is found again after it). */
function moved(f: Found, map: (p: Point) => Point): Found {
  return {
    face: moveBox(f.face, map),
    eyes: map(f.eyes),
    irises: f.irises.map((i) => ({ ...i, ...map(i) })),
    others: f.others.map((o) => moveBox(o, map)),
    roll: 0,
  };
}

/**
 * The faces found on the turned photo, and the other faces found only before the turn (moved with
 * it): a neighbour cut by the photo's edge lies by the turned cut's edge, next to a wedge of
 * padding, where the mirrored search (edge-faces.ts) cannot find it again.
 */
function withEarlierOthers(after: Found, earlier: Box[]): Found {
  const known = [after.face, ...after.others];
  return {
    ...after,
    others: [...after.others, ...earlier.filter((b) => !known.some((k) => sameFace(b, k)))],
  };
}

/** A box moved with its centre to where `map` takes it (a turn of a few degrees keeps its size). */
function moveBox(b: Box, map: (p: Point) => Point): Box {
  const c = map({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  return { ...b, x: c.x - b.width / 2, y: c.y - b.height / 2 };
}

export async function analysePhoto(photo: Buffer, tools: Analysers): Promise<PhotoAnalysis> {
  const upright = await sharp(photo)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SOURCE_SIDE, SOURCE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let source: Buffer = upright.data;
  let { width, height } = upright.info;
  let { small, aw, ah, scale } = await shrink(source, width, height);

  const models = tools.faces;
  const detecting = models ? detectFacesOnly(models, small, aw, ah, scale) : null;
  // The enlargement's first step, the deblocking, is this thread's own work: made now, it fills
  // the wait for the face-model thread's first answer. A photo that is levelled or has red-eye
  // removed is deblocked again once it is final (libvips' part waits for that in any case: a
  // third of the bench's photos are levelled, and enlarging them twice cost more than it saved).
  const uprightDeblocked = deblockForEnlarging(source, width, height);
  const first = await detecting;
  let found = first?.found ?? null;
  // The faces with those the edge search adds to the others, asked for once the photo is final;
  // only the removal of other people reads them, so the search runs while the matte is cut.
  let complete = first ? () => withEdgeFaces(first) : null;
  let levelledBy = 0;
  let covers: ((p: Point) => boolean) | null = null;
  const roll = found?.roll ?? null;
  if (models && first && roll !== null && Math.abs(roll) >= LEVEL_FROM && Math.abs(roll) <= LEVEL_UP_TO) {
    // A tilted head is levelled before anything else reads the photo. The upright cut of the
    // turned photo is solid from the head down and keeps the wedges over it (a head near the
    // photo's top or side would fall out of an upright cut inside the photo); they are dropped
    // from the matte below, so the backdrop shows there. Where no cut holds the face, the tilt is
    // kept. The faces are found again on the levelled photo: the mesh reads a strongly tilted
    // head short (28° read as 17° left over once turned), so what is left is turned once more,
    // from the original pixels. The other faces found before the turn, the edge search's too,
    // move with it; each pass that turns the photo replaces the faces, and only the last one's
    // edge search runs.
    const before = await withEdgeFaces(first);
    found = before;
    complete = null;
    let turn = roll;
    for (let pass = 0; pass < LEVEL_PASSES && Math.abs(turn) <= TURN_AT_MOST; pass++) {
      const turned = await levelPhoto(
        upright.data,
        upright.info.width,
        upright.info.height,
        turn,
        before.face,
      );
      if (!turned) break;
      levelledBy = turn;
      ({ rgb: source, width, height, covers } = turned);
      ({ small, aw, ah, scale } = await shrink(source, width, height));
      const seen = await detectFacesOnly(models, small, aw, ah, scale);
      const again = seen && sameFaceTurned(before.face, seen.found.face) ? seen : null;
      const here = moved(before, turned.map);
      found = again ? again.found : here;
      complete = again ? async () => withEarlierOthers(await withEdgeFaces(again), here.others) : null;
      const left = again ? again.found.roll : await rollAround(models, source, width, height, here.face);
      if (!left || Math.abs(left) < LEVEL_FROM / 2) break;
      turn += left;
    }
  }
  // The photo is final: the models' remaining questions go out now, in the order the answers are
  // read (the face-model thread takes them one at a time), and this thread works on meanwhile.
  const segmenting = models && !tools.isnet;
  const coarseAsked = segmenting ? models.person(small, aw, ah) : null;
  const everyone = complete?.() ?? null;
  const stretchedAsked = segmenting ? stretchedLook(models, small, aw, ah) : null;
  for (const p of [coarseAsked, everyone, stretchedAsked]) p?.catch(() => {}); // note: awaited below.
  // Red-eye is removed on a copy, so `source` is the upright photo's bytes only while they are
  // unchanged, and the early deblocking of them still holds.
  let redEye = 0;
  if (found) ({ rgb: source, changed: redEye } = removeRedEye(source, width, height, found.irises));
  // The source is final now. Its enlargement is mostly libvips work (the resize and the sharpening
  // in Lab, ~1 s for a 1024 px photo here), so it runs while this thread cuts the matte out.
  // Nothing may change `source` from here on: libvips may still be reading it (deblock passes a
  // photo without a JPEG grid through as it is).
  const enlarging = enlarge(source, width, height, source === upright.data ? uprightDeblocked : undefined);
  enlarging.catch(() => {}); // note: awaited below; a failed matte must not leave it unhandled.
  const face = found?.face ?? null;
  const eyes = found?.eyes ?? null;

  const rgb = { width: aw, height: ah, data: fromBytes(small, aw, ah, 3) };
  const grey = greyOf(rgb);
  const coarse = await coarseAsked;
  const segmenter: PhotoAnalysis['segmenter'] = coarse ? 'selfie' : 'none';
  const toSmall = (b: Box): Box => ({
    x: b.x * scale,
    y: b.y * scale,
    width: b.width * scale,
    height: b.height * scale,
  });
  const faceSmall = face ? toSmall(face) : null;
  // ISNet's matte is already fine-grained; the guided filter is for the coarse selfie mask.
  const alpha =
    segmenter === 'selfie' && coarse
      ? suppressBackground(refineMask(coarse, grey, aw, ah, faceSmall), coarse, rgb)
      : (coarse ?? placeholderMask(aw, ah, faceSmall));
  if (segmenter === 'selfie' && coarse) suppressPattern(alpha, coarse, rgb);
  // The selfie model hugs the cheek and leaves an ear out; the skin's colour is known there.
  if (segmenter === 'selfie' && faceSmall) restoreFaceSides(alpha, small, aw, ah, faceSmall);
  // Padding from a rotation is never the person, whatever the model thought: the flat corners of
  // an upload turned before it came, and the wedges of the levelling turn (known exactly).
  const pad = paddingMask(small, aw, ah);
  if (covers)
    for (let y = 0; y < ah; y++)
      for (let x = 0; x < aw; x++)
        if (!covers({ x: (x + 0.5) / scale, y: (y + 0.5) / scale })) pad[y * aw + x] = 1;
  let padded = 0;
  for (let i = 0; i < pad.length; i++) {
    if (!pad[i]) continue;
    alpha[i] = 0;
    padded++;
  }
  if (segmenter !== 'none') {
    // Other people partly in the photo go first: every later pass judges the sitter alone.
    if (everyone) found = await everyone;
    if (faceSmall && found) dropOtherPeople(alpha, aw, ah, faceSmall, found.others.map(toSmall));
    keepSubject(alpha, aw, ah, faceSmall);
    const stretched = coarse && (await stretchedAsked);
    if (stretched && dropBorderLeftovers(alpha, stretched, small, aw, ah, faceSmall))
      keepSubject(alpha, aw, ah, faceSmall);
    // What the drop leaves of a piece (single pixels it did not flag) are islands now.
    if (dropSceneLeftovers(alpha, small, aw, ah, faceSmall)) keepSubject(alpha, aw, ah, faceSmall);
    // ISNet's fine matte has real thin things (loose strands); the selfie model's are its artefacts.
    if (segmenter === 'selfie' && dropThinSpurs(alpha, small, aw, ah, faceSmall))
      keepSubject(alpha, aw, ah, faceSmall);
  }
  const top = faceSmall ? subjectTop(alpha, aw, ah, faceSmall) : null;
  // The hair's matte before the enlargement is awaited: libvips often still works on that then,
  // and this thread would otherwise sit idle through it before doing the hair.
  const hair = segmenter !== 'none' ? await hairMatte(alpha, aw, ah, source, width, height, faceSmall) : {};
  return {
    rgb: source,
    width,
    height,
    face,
    eyes,
    alpha,
    alphaWidth: aw,
    alphaHeight: ah,
    segmenter,
    hairTop: top === null ? null : top / scale,
    padding: padded / pad.length,
    touches: touchedEdges(alpha, aw, ah, covers ? pad : undefined),
    enlarged: await enlarging,
    corrections: { levelled: Math.round(levelledBy * 10) / 10, redEyePixels: redEye },
    // The hair's matte replaces `alpha`.
    ...hair,
  };
}

/**
 * Without any segmentation model: a soft head-and-shoulders silhouette around the face (or the
 * frame's centre), so the engine still produces a portrait rather than failing.
 */
export function placeholderMask(width: number, height: number, face: Box | null): Float32Array {
  const f = face ?? { x: width * 0.38, y: height * 0.18, width: width * 0.24, height: height * 0.3 };
  const cx = f.x + f.width / 2;
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const head =
        ((x - cx) / (f.width * 0.62)) ** 2 + ((y - (f.y + f.height * 0.45)) / (f.height * 0.75)) ** 2;
      const shoulderTop = f.y + f.height * 1.25;
      const spread = f.width * (0.9 + Math.max(0, (y - shoulderTop) / f.height) * 1.1);
      const body = y > shoulderTop ? Math.abs(x - cx) / spread : 2;
      out[y * width + x] = head < 1 || body < 1 ? 1 : 0;
    }
  }
  return out;
}
