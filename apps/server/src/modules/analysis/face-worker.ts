/**
 * Entry of the face-model worker thread, the one place the face models live (face-threads.ts):
 * loads them once, on the first task that needs them, then answers one task per message: an
 * upload's analysis, a generated image's face embedding (likeness), or a studio analysis's faces
 * or selfie matte (vision/face-models.ts). Input bytes arrive transferred, and an analysis's clean
 * re-encoded file and a matte go back the same way.
 */
import { setPriority } from 'node:os';
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { serveTasks, type TaskReply } from '../../tools/worker-serve.js';
import { loadHuman } from './vision/human.js';
import { embedFace } from './vision/embed-face.js';
import { localFaceModels } from './vision/face-models.js';
import { analysePhoto } from './analyse-photo.js';
import type { FaceOutput, FaceTask } from './face-threads.js';

let human: Promise<Human> | undefined;

// On Linux the nice value is per thread, so this lowers only this thread (where the wasm inference
// runs): when cores are short, the request event loop wins. Elsewhere it may be refused; fine.
try {
  setPriority(10);
} catch {
  // note: not permitted or not supported; the work still runs, at normal priority.
}
// One libvips thread per decode: one check never takes both cores from the API.
sharp.concurrency(1);

function models(): Promise<Human> {
  // note: a failed load is retried by the next task rather than poisoning the thread.
  // The selfie model too (0.4 MB), for the studio engine's mattes; detect() never runs it.
  human ??= loadHuman({ segmentation: { enabled: true } }).catch((err: unknown) => {
    human = undefined;
    throw err;
  });
  return human;
}

serveTasks<FaceTask, FaceOutput>(async (task): Promise<TaskReply<FaceOutput>> => {
  if (task.kind === 'embed') {
    const { bytes } = task;
    return {
      output: await embedFace(await models(), Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
    };
  }
  if (task.kind === 'faces')
    return {
      output: await localFaceModels(await models()).faces(task.rgb, task.width, task.height, task.irises),
    };
  if (task.kind === 'person') {
    const mask = await localFaceModels(await models()).person(task.rgb, task.width, task.height);
    return { output: mask, transfer: mask ? [mask.buffer as ArrayBuffer] : [] };
  }
  const result = await analysePhoto(task.checks ? await models() : null, task);
  const clean = result.clean;
  const transfer =
    clean.byteOffset === 0 && clean.byteLength === clean.buffer.byteLength
      ? [clean.buffer as ArrayBuffer]
      : [];
  return { output: result, transfer };
});
