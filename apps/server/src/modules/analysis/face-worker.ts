/**
 * Entry of the face-model worker thread, the one place the face models live (face-threads.ts):
 * loads them once, on the first task that needs them, then answers one task per message, either
 * an upload's analysis or a generated image's face embedding (likeness). Input bytes arrive
 * transferred, and an analysis's clean re-encoded file goes back the same way.
 */
import { setPriority } from 'node:os';
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { serveTasks, type TaskReply } from '../../tools/worker-serve.js';
import { loadHuman } from './vision/human.js';
import { embedFace, type FaceEmbedding } from './vision/embed-face.js';
import { analysePhoto } from './analyse-photo.js';
import type { AnalysisResult } from './photo-analysis.js';
import type { FaceTask } from './face-threads.js';

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
  human ??= loadHuman().catch((err: unknown) => {
    human = undefined;
    throw err;
  });
  return human;
}

serveTasks<FaceTask, AnalysisResult | FaceEmbedding>(
  async (task): Promise<TaskReply<AnalysisResult | FaceEmbedding>> => {
    if (task.kind === 'embed') {
      const { bytes } = task;
      return {
        output: await embedFace(
          await models(),
          Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        ),
      };
    }
    const result = await analysePhoto(task.checks ? await models() : null, task);
    const clean = result.clean;
    const transfer =
      clean.byteOffset === 0 && clean.byteLength === clean.buffer.byteLength
        ? [clean.buffer as ArrayBuffer]
        : [];
    return { output: result, transfer };
  },
);
