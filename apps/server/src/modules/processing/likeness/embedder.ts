/**
 * The threads that embed generated images (likeness-worker.ts on tools/worker-pool.ts), shared
 * by every job of the process. Jobs hold a lease on it; when the last one lets go the threads
 * stay warm for a minute (consecutive jobs skip the model load) and are then stopped. A thread
 * without work for a minute exits even while a job holds the lease (a hosted job may wait hours
 * for its provider), and the next image starts one again. Threads are unref'd, so an idle embedder
 * never keeps a process alive.
 */
import { WorkerPool } from '../../../tools/worker-pool.js';
import type { FaceEmbedding } from './embed-face.js';
import type { EmbedTask } from './likeness-worker.js';

/** One thread: an embedding is ~0.3 s against seconds of rendering per image. */
const THREADS = 1;
const MAX_QUEUE = 256;
const TASK_TIMEOUT_MS = 120_000;
export const IDLE_CLOSE_MS = 60_000;

const ENTRY = new URL(`./likeness-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export type Embedder = {
  embed(image: Buffer): Promise<FaceEmbedding>;
  /** Lets go of the shared threads (idempotent). */
  release(): void;
};

let pool: WorkerPool<EmbedTask, FaceEmbedding> | null = null;
let holders = 0;
let idleTimer: NodeJS.Timeout | undefined;

function threads(): WorkerPool<EmbedTask, FaceEmbedding> {
  pool ??= new WorkerPool<EmbedTask, FaceEmbedding>({
    entry: ENTRY,
    size: () => THREADS,
    maxQueue: () => MAX_QUEUE,
    taskTimeoutMs: TASK_TIMEOUT_MS,
    idleMs: IDLE_CLOSE_MS,
    name: 'likeness',
  });
  return pool;
}

/** Embedding threads alive now (0 until the first image is scored). */
export function embedderThreads(): number {
  return pool?.threads ?? 0;
}

export function acquireEmbedder(): Embedder {
  holders++;
  clearTimeout(idleTimer);
  let released = false;
  return {
    embed(image) {
      // A copy the thread can own: result buffers may be views into a shared pool.
      const bytes = new Uint8Array(image);
      return threads().run({ bytes }, [bytes.buffer]);
    },
    release() {
      if (released) return;
      released = true;
      if (--holders > 0) return;
      idleTimer = setTimeout(() => void closeEmbedder(), IDLE_CLOSE_MS);
      idleTimer.unref();
    },
  };
}

/** Stops the threads now (tests, shutdown); the next acquire starts new ones. */
export async function closeEmbedder(): Promise<void> {
  clearTimeout(idleTimer);
  const p = pool;
  pool = null;
  await p?.close();
}
