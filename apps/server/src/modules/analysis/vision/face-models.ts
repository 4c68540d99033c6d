/**
 * What the studio engine asks of the face models, in plain data that can cross threads: the faces
 * Human's face pipeline finds (no descriptor) and the selfie model's person mask. `localFaceModels`
 * runs them on a Human in this thread. The studio threads hold no models of their own: they send
 * these questions to the face-model threads (face-threads.ts), so the process keeps one copy of the
 * models and one wasm heap for them (a thread's wasm heap never shrinks from its largest working
 * set, ~190 MB after a studio analysis).
 */
import type { Human } from '@vladmandic/human';
import { findFaces, withRgbTensor } from './human.js';
import { segmentPerson } from './selfie-mask.js';

/** One face as Human finds it, in pixels of the searched picture. */
export type FoundFace = {
  /** x, y, width, height. */
  box: [number, number, number, number];
  score: number;
  /** The 468-point mesh, [x, y, z] per point. */
  mesh: number[][];
  /** The iris rings, when the iris model found them. */
  irises: { left?: number[][]; right?: number[][] };
};

export interface FaceModels {
  /**
   * The faces in upright RGB pixels (3 bytes each), in the order Human gives them; with their
   * irises unless `irises` is false (a search that wants boxes only: human.ts `findFaces`).
   */
  faces(rgb: Uint8Array, width: number, height: number, irises?: boolean): Promise<FoundFace[]>;
  /** The selfie model's person mask over upright RGB pixels, 0..1 each; null without the model. */
  person(rgb: Uint8Array, width: number, height: number): Promise<Float32Array | null>;
}

/**
 * The models on `human`, one question at a time in the order asked, as a face-model thread takes
 * them: the studio asks several at once, and Human keeps each call's config on the instance.
 */
export function localFaceModels(human: Human): FaceModels {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(ask: () => Promise<T>): Promise<T> => {
    const answer = queue.then(ask);
    queue = answer.catch(() => {});
    return answer;
  };
  return {
    faces: (rgb, width, height, irises = true) =>
      inTurn(() =>
        withRgbTensor(human, rgb, width, height, async (tensor) => {
          const result = await findFaces(human, tensor, { describe: false, irises });
          return result.face.map((f) => {
            f.tensor?.dispose();
            const ring = (key: string) =>
              f.annotations?.[key as keyof typeof f.annotations] as number[][] | undefined;
            return {
              box: [f.box[0], f.box[1], f.box[2], f.box[3]],
              score: f.score,
              mesh: f.mesh as number[][],
              irises: { left: ring('leftEyeIris'), right: ring('rightEyeIris') },
            };
          });
        }),
      ),
    person: (rgb, width, height) => inTurn(() => segmentPerson(human, rgb, width, height)),
  };
}
