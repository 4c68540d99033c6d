/**
 * Entry of an analysis worker thread: loads the face models once, then analyses one photo per
 * message. The input bytes arrive transferred and the clean re-encoded file goes back the same way.
 */
import { setPriority } from 'node:os';
import sharp from 'sharp';
import type { Human } from '@vladmandic/human';
import { serveTasks } from '../../tools/worker-serve.js';
import { loadHuman } from './vision/human.js';
import { analysePhoto } from './analyse-photo.js';
import type { AnalysisResult, AnalysisTask } from './photo-analysis.js';

let human: Promise<Human> | undefined;

// On Linux the nice value is per thread, so this lowers only this thread (where the wasm inference
// runs): when cores are short, the request event loop wins. Elsewhere it may be refused; fine.
try {
  setPriority(10);
} catch {
  // note: not permitted or not supported; the checks still run, at normal priority.
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

serveTasks<AnalysisTask, AnalysisResult>(async (task) => {
  const result = await analysePhoto(task.checks ? await models() : null, task);
  const clean = result.clean;
  const transfer =
    clean.byteOffset === 0 && clean.byteLength === clean.buffer.byteLength
      ? [clean.buffer as ArrayBuffer]
      : [];
  return { output: result, transfer };
});
