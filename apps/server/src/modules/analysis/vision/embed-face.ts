/**
 * The face descriptor of a generated image, measured the way the upload checks measure an original
 * (../analyse-photo.ts): upright sRGB pixels, long side ≤ 1280, Human's face pipeline,
 * the largest face's 1024-value `faceres` embedding. Measuring both sides alike is what makes the
 * two embeddings comparable. Runs in the face-model worker thread (face-worker.ts).
 */
import type { Human } from '@vladmandic/human';
import { findFaces, withRgbTensor } from './human.js';
import { decodeUpright, limitSize, toRgb } from './pixels.js';

/** Same as the upload checks: Human resizes internally, a larger input only costs memory. */
const DETECT_MAX_SIDE = 1280;

export type FaceEmbedding = {
  /** Faces found (0: none, the embedding is empty). */
  faces: number;
  /** The largest face's descriptor; empty without a face or when the model gave none. */
  embedding: number[];
};

export async function embedFace(human: Human, bytes: Buffer): Promise<FaceEmbedding> {
  const img = await limitSize(await decodeUpright(bytes), DETECT_MAX_SIDE);
  return withRgbTensor(human, toRgb(img), img.width, img.height, async (tensor) => {
    const result = await findFaces(human, tensor, { describe: true });
    for (const f of result.face) f.tensor?.dispose();
    const largest = [...result.face].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
    return { faces: result.face.length, embedding: largest?.embedding ? [...largest.embedding] : [] };
  });
}
