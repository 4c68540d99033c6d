/**
 * Other people found by their bodies. A neighbour whose face is outside the photo (their shoulder,
 * arm or hair at its side) gives the face detector nothing to find, and the person segmentation
 * joins them to the sitter, so they used to reach the portraits. Human's CenterNet object
 * detector (COCO classes, shipped in the package's models) finds people as boxes, whole or in
 * part. It costs ~0.5 s of CPU and ~70 MB of wasm working memory per photo, which a thread keeps
 * for good, so it runs in threads of its own that exit when idle (people-threads.ts), not in the
 * face-model threads a photoshoot keeps busy.
 */
import type { Human } from '@vladmandic/human';
import type { NormBox } from '../photo-analysis.js';
import { loadHuman, withRgbTensor } from './human.js';
import { boxIn, decodeUpright, limitSize, toRgb } from './pixels.js';

/** A person the detector found: where (fractions of the upright photo), and how sure it is. */
export type PersonBox = { box: NormBox; score: number };

/** The least score reported at all; the verdict's threshold is a setting above it. */
const LEAST_SCORE = 0.1;

/** CenterNet sees the photo squeezed to 512 × 512; a larger input only costs decoding. */
const INPUT_SIDE = 640;

/** Human with the object detector alone (no face models): one per people thread. */
export function loadPeopleModel(): Promise<Human> {
  return loadHuman({
    face: { enabled: false },
    object: {
      enabled: true,
      modelPath: 'centernet.json',
      minConfidence: LEAST_SCORE,
      maxDetected: 10,
      skipFrames: 0,
    },
  });
}

/** The people in an uploaded photo (its bytes as stored), most certain first. */
export async function findPeople(human: Human, photo: Buffer): Promise<PersonBox[]> {
  const img = await limitSize(await decodeUpright(photo), INPUT_SIDE);
  const { width, height } = img;
  const result = await withRgbTensor(human, toRgb(img), width, height, (t) => human.detect(t));
  return result.object
    .filter((o) => o.label === 'person' && o.score >= LEAST_SCORE)
    .map((o) => {
      const [x, y, w, h] = o.box;
      return { box: boxIn({ x, y, width: w, height: h }, img), score: o.score };
    })
    .sort((a, b) => b.score - a.score);
}
