/**
 * Entry of the face-model worker thread, the one place the face models live (face-threads.ts):
 * loads them once, on the first task that needs them, then answers one task per message: an
 * upload's analysis, a generated image's face embedding (likeness), or a studio analysis's faces
 * or selfie matte (vision/face-models.ts). Input bytes arrive transferred, and an analysis's clean
 * re-encoded file and a matte go back the same way.
 */
import { serveTasks, type TaskReply } from '../../tools/worker-serve.js';
import { loadHuman } from './vision/human.js';
import { embedFace } from './vision/embed-face.js';
import { localFaceModels } from './vision/face-models.js';
import { analysePhoto } from './analyse-photo.js';
import type { FaceOutput, FaceTask } from './face-threads.js';
import { lazyModels, settleModelThread } from './model-thread.js';

settleModelThread();

// The selfie model too (0.4 MB), for the studio engine's mattes; detect() never runs it.
const models = lazyModels(() => loadHuman({ segmentation: { enabled: true } }));

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
