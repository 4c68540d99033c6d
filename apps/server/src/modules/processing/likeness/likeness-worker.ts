/**
 * Entry of a likeness worker thread: loads the face models once (the upload checks' loader,
 * modules/analysis/vision/human.ts), then answers one "embed this image" task per message.
 */
import { setPriority } from 'node:os';
import type { Human } from '@vladmandic/human';
import { serveTasks } from '../../../tools/worker-serve.js';
import { loadHuman } from '../../analysis/vision/human.js';
import { embedFace, type FaceEmbedding } from './embed-face.js';

export type EmbedTask = { bytes: Uint8Array };

let human: Promise<Human> | undefined;

// As in the analysis worker: a lower nice value for this thread only, so requests win the cores.
try {
  setPriority(10);
} catch {
  // note: not permitted here; scoring still runs, at normal priority.
}

function models(): Promise<Human> {
  // note: a failed load is retried by the next task rather than poisoning the thread.
  human ??= loadHuman().catch((err: unknown) => {
    human = undefined;
    throw err;
  });
  return human;
}

serveTasks<EmbedTask, FaceEmbedding>(async ({ bytes }) => {
  const output = await embedFace(
    await models(),
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  );
  return { output };
});
