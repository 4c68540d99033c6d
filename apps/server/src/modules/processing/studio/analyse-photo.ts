/**
 * Reads one source photo for the studio engine: upright RGB pixels, the main face (box and eye
 * line) and a refined person matte. Face and matte come from a working copy of at most
 * ANALYSIS_SIDE pixels; the pixels are kept at up to SOURCE_SIDE for the render.
 */
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { rgbToTensor } from '../../analysis/vision/human.js';
import { fromBytes, greyOf } from './planes.js';
import { refineMask, suppressBackground, suppressPattern } from './refine-mask.js';
import { keepSubject, paddingMask, subjectTop } from './clean-matte.js';
import { dropSceneLeftovers } from './scene-leftovers.js';
import { restoreFaceSides } from './face-sides.js';
import { enlarge, type Enlarged } from './enlarge.js';
import { hairMatte } from './hair-matte.js';
import { dropBorderLeftovers, stretchedLook } from './border-context.js';
import { dropThinSpurs } from './thin-spurs.js';
import type { Box } from './framing.js';
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
  /** A sharpened enlargement of a small source, made once per photo (enlarge.ts), or null. */
  enlarged: Enlarged | null;
};

export type Analysers = { human: Human | null; isnet: IsnetSegmenter | null };

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

export async function analysePhoto(photo: Buffer, tools: Analysers): Promise<PhotoAnalysis> {
  const upright = await sharp(photo)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(SOURCE_SIDE, SOURCE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = upright.info;
  const scale = Math.min(1, ANALYSIS_SIDE / Math.max(width, height));
  const aw = Math.max(1, Math.round(width * scale));
  const ah = Math.max(1, Math.round(height * scale));
  const small = await sharp(upright.data, { raw: { width, height, channels: 3 } })
    .resize(aw, ah, { kernel: 'lanczos3' })
    .raw()
    .toBuffer();

  let face: Box | null = null;
  let eyes: { x: number; y: number } | null = null;
  let coarse: Float32Array | null = null;
  let stretched: Float32Array | null = null;
  let segmenter: PhotoAnalysis['segmenter'] = 'none';
  const human = tools.human;
  if (human) {
    const input = rgbToTensor(human, small, aw, ah);
    try {
      const result = await human.detect(input.tensor);
      const main = [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
      if (main) {
        const [x, y, w, h] = main.box;
        face = { x: x / scale, y: y / scale, width: w / scale, height: h / scale };
        const left = centre(main.annotations?.leftEyeIris as number[][] | undefined);
        const right = centre(main.annotations?.rightEyeIris as number[][] | undefined);
        eyes =
          left && right
            ? { x: (left.x + right.x) / 2 / scale, y: (left.y + right.y) / 2 / scale }
            : { x: face.x + face.width / 2, y: face.y + face.height * 0.42 };
      }
      if (!tools.isnet) {
        const mask = await human.segmentation(input.tensor);
        if (mask) {
          const rgba = (await mask.data()) as Float32Array | Int32Array | Uint8Array;
          mask.dispose();
          coarse = new Float32Array(aw * ah);
          for (let i = 0; i < coarse.length; i++) coarse[i] = Number(rgba[i * 4 + 3]) / 255;
          segmenter = 'selfie';
          stretched = await stretchedLook(human, small, aw, ah);
        }
      }
    } finally {
      input.tensor.dispose();
    }
  }
  if (tools.isnet) {
    coarse = await tools.isnet.segment(small, aw, ah);
    segmenter = 'isnet';
  }
  const rgb = { width: aw, height: ah, data: fromBytes(small, aw, ah, 3) };
  const grey = greyOf(rgb);
  const faceSmall = face
    ? { x: face.x * scale, y: face.y * scale, width: face.width * scale, height: face.height * scale }
    : null;
  // ISNet's matte is already fine-grained; the guided filter is for the coarse selfie mask.
  const alpha =
    segmenter === 'selfie' && coarse
      ? suppressBackground(refineMask(coarse, grey, aw, ah, faceSmall), coarse, rgb)
      : (coarse ?? placeholderMask(aw, ah, faceSmall));
  if (segmenter === 'selfie' && coarse) suppressPattern(alpha, coarse, rgb);
  // The selfie model hugs the cheek and leaves an ear out; the skin's colour is known there.
  if (segmenter === 'selfie' && faceSmall) restoreFaceSides(alpha, small, aw, ah, faceSmall);
  // Padding from a rotation is never the person, whatever the model thought.
  const pad = paddingMask(small, aw, ah);
  let padded = 0;
  for (let i = 0; i < pad.length; i++) {
    if (!pad[i]) continue;
    alpha[i] = 0;
    padded++;
  }
  if (segmenter !== 'none') {
    keepSubject(alpha, aw, ah, faceSmall);
    if (stretched && dropBorderLeftovers(alpha, stretched, small, aw, ah, faceSmall))
      keepSubject(alpha, aw, ah, faceSmall);
    // What the drop leaves of a piece (single pixels it did not flag) are islands now.
    if (dropSceneLeftovers(alpha, small, aw, ah, faceSmall)) keepSubject(alpha, aw, ah, faceSmall);
    // ISNet's fine matte has real thin things (loose strands); the selfie model's are its artefacts.
    if (segmenter === 'selfie' && dropThinSpurs(alpha, small, aw, ah, faceSmall))
      keepSubject(alpha, aw, ah, faceSmall);
  }
  const top = faceSmall ? subjectTop(alpha, aw, ah, faceSmall) : null;
  return {
    rgb: upright.data,
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
    enlarged: await enlarge(upright.data, width, height),
    ...(segmenter !== 'none' ? await hairMatte(alpha, aw, ah, upright.data, width, height, faceSmall) : {}),
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
