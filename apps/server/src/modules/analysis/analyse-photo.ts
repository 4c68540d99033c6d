/**
 * The upload-check pipeline of one photo, run inside an analysis worker thread: decode once
 * (upright, sRGB), re-encode without metadata for storage, then faces, pose, face sharpness,
 * exposure and perceptual hashes. Only measurements: the verdict is made on the main thread,
 * where the photoshoot's other photos and the live thresholds are known.
 */
import type { Human } from '@vladmandic/human';
import type { FaceResult } from '@vladmandic/human';
import { facesAtSideEdges } from './vision/edge-faces.js';
import { localFaceModels } from './vision/face-models.js';
import { exposureOf } from './vision/exposure.js';
import { findFaces, withRgbTensor } from './vision/human.js';
import { dHash, pHash } from './vision/perceptual-hash.js';
import { laplacianVariance } from './vision/sharpness.js';
import { eyesOpen, headRoll } from './vision/face-mesh.js';
import {
  boxIn,
  clampRect,
  decodeUpright,
  encodeClean,
  limitSize,
  lumaOf,
  toRgb,
  type RawImage,
} from './vision/pixels.js';
import type { AnalysisResult, AnalysisTask, MainFace, NormBox, PhotoAnalysis } from './photo-analysis.js';

/** Human resizes internally; a larger input only costs memory (a 12 MP float32 tensor is 144 MB). */
const DETECT_MAX_SIDE = 1280;
const FACE_CROP = 256;
const DEG = 180 / Math.PI;

export async function analysePhoto(human: Human | null, task: AnalysisTask): Promise<AnalysisResult> {
  const img = await decodeUpright(
    Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength),
  );
  const clean = await encodeClean(img, task.format);
  const analysis = task.checks && human ? await measure(human, img) : null;
  return { clean, width: img.width, height: img.height, analysis };
}

async function measure(human: Human, img: RawImage): Promise<PhotoAnalysis> {
  const small = await limitSize(img, DETECT_MAX_SIDE);
  const faces = await detectFaces(human, small);
  const main = faces[0];
  const face = main ? await measureFace(img, main.box, main.result) : null;
  const overview = await limitSize(small, 512);
  // A neighbour cut in half by a side edge is someone else in the photo too, which the detector
  // alone misses (edge-faces.ts); its box is clipped to the photo, as a face cut by an edge shows.
  const atEdges = faces.length
    ? await facesAtSideEdges(
        localFaceModels(human),
        toRgb(small),
        small.width,
        small.height,
        faces.map(({ box: b }) => ({
          x: b.x * small.width,
          y: b.y * small.height,
          width: b.width * small.width,
          height: b.height * small.height,
        })),
      )
    : [];
  return {
    width: img.width,
    height: img.height,
    faces: [
      ...faces.map((f) => ({ box: f.box, score: round(f.result.score, 3) })),
      ...atEdges.map((f) => ({ box: boxIn(f, small), score: round(f.score, 3) })),
    ],
    face,
    exposure: roundExposure(exposureOf(await lumaOf(overview, overview.width, overview.height))),
    dhash: dHash(await lumaOf(small, 9, 8)),
    phash: pHash(await lumaOf(small, 32, 32)),
  };
}

type Found = { box: NormBox; result: FaceResult };

async function detectFaces(human: Human, img: RawImage): Promise<Found[]> {
  return withRgbTensor(human, toRgb(img), img.width, img.height, async (tensor) => {
    const result = await findFaces(human, tensor, { describe: true });
    const found = result.face.map((f) => ({ box: tightBox(f, img), result: f }));
    for (const f of result.face) f.tensor?.dispose();
    return found.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  });
}

/** The face box from the mesh points when there is a mesh (tighter than the detector's box). */
function tightBox(f: FaceResult, img: RawImage): NormBox {
  let [x, y, w, h] = f.box;
  if (f.mesh && f.mesh.length > 0) {
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (const [px, py] of f.mesh) {
      x0 = Math.min(x0, px!);
      y0 = Math.min(y0, py!);
      x1 = Math.max(x1, px!);
      y1 = Math.max(y1, py!);
    }
    [x, y, w, h] = [x0, y0, x1 - x0, y1 - y0];
  }
  const cx = Math.max(0, x),
    cy = Math.max(0, y);
  return {
    x: round(cx / img.width, 4),
    y: round(cy / img.height, 4),
    width: round(Math.min(img.width - cx, w - (cx - x)) / img.width, 4),
    height: round(Math.min(img.height - cy, h - (cy - y)) / img.height, 4),
  };
}

async function measureFace(img: RawImage, box: NormBox, f: FaceResult): Promise<MainFace> {
  // Sharpness on the full-resolution pixels: downscaling first would hide blur.
  const rect = clampRect(img, {
    left: box.x * img.width,
    top: box.y * img.height,
    width: box.width * img.width,
    height: box.height * img.height,
  });
  const face = await lumaOf(img, FACE_CROP, FACE_CROP, rect);
  const angle = f.rotation?.angle ?? { yaw: 0, pitch: 0, roll: 0 };
  return {
    box,
    heightFrac: box.height,
    yaw: round(angle.yaw * DEG, 1),
    pitch: round(angle.pitch * DEG, 1),
    roll: round(angle.roll * DEG, 1),
    headRoll: roundOrNull(headRoll(f.mesh), 1),
    eyesOpen: roundOrNull(eyesOpen(f.mesh), 3),
    sharpness: round(laplacianVariance(face, FACE_CROP, FACE_CROP), 2),
    exposure: roundExposure(exposureOf(face)),
    embedding: (f.embedding ?? []).map((v) => round(v, 5)),
  };
}

function roundOrNull(v: number | null, digits: number): number | null {
  return v === null ? null : round(v, digits);
}

function round(v: number, digits: number): number {
  const p = 10 ** digits;
  return Math.round(v * p) / p;
}

function roundExposure(e: ReturnType<typeof exposureOf>): ReturnType<typeof exposureOf> {
  return {
    mean: round(e.mean, 1),
    std: round(e.std, 1),
    clippedShadows: round(e.clippedShadows, 4),
    clippedHighlights: round(e.clippedHighlights, 4),
  };
}
