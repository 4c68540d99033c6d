/**
 * The threads that hold the face models (Human on tfjs-wasm, ~200 MB resident per thread), one
 * pool for the whole process: the upload checks, the likeness scoring of every job and the studio
 * engine's analyses (faces and selfie mattes, vision/face-models.ts) all send their work to it
 * (face-worker.ts), so the models are loaded once, not once per kind of work.
 *
 * Users hold a lease. A thread without work for a minute exits (its models with it) even while
 * leases are held, and the next task starts one again. When the last lease is released the pool
 * closes a minute later (consecutive jobs skip the model load), or at once when the last holder
 * closes its lease (an app shutting down). Threads are unref'd: an idle pool keeps no process alive.
 */
import { PoolClosedError, WorkerPool } from '../../tools/worker-pool.js';
import type { FaceEmbedding } from './vision/embed-face.js';
import type { FaceModels, FoundFace } from './vision/face-models.js';
import type { AnalysisResult, AnalysisTask } from './photo-analysis.js';

/** The studio engine's question for the face models (vision/face-models.ts), over upright RGB pixels. */
export type FaceQuestion = ({ kind: 'faces'; irises: boolean } | { kind: 'person' }) & {
  rgb: Uint8Array;
  width: number;
  height: number;
};

export type FaceTask =
  ({ kind: 'analyse' } & AnalysisTask) | { kind: 'embed'; bytes: Uint8Array } | FaceQuestion;
export type FaceOutput = AnalysisResult | FaceEmbedding | FoundFace[] | Float32Array | null;

/** Tasks waiting beyond the running ones; past it a task is refused (PoolFullError). */
const MAX_QUEUE = 256;
const TASK_TIMEOUT_MS = 120_000;
/** Uploads and jobs come in bursts: a thread idle this long exits; a released pool closes after it. */
export const FACE_THREAD_IDLE_MS = 60_000;

const ENTRY = new URL(`./face-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export type FaceThreadsLease = {
  /** Analyses an upload (the bytes are transferred to the thread). */
  analyse(task: AnalysisTask): Promise<AnalysisResult>;
  /** The face embedding of an image (a copy goes to the thread). */
  embed(image: Uint8Array): Promise<FaceEmbedding>;
  /** The studio engine's questions (the pixels are transferred to the thread). */
  faces: FaceModels['faces'];
  person: FaceModels['person'];
  /** Lets go of the threads (idempotent); they stay warm a minute for the next holder. */
  release(): void;
  /**
   * Lets go and, if no one else holds the threads, stops them now: what is queued or running fails
   * with PoolClosedError. Work of this lease still in flight fails with it in any case.
   */
  close(): Promise<void>;
};

type Holder = { threads: () => number };

const holders = new Set<Holder>();
let pool: WorkerPool<FaceTask, FaceOutput> | null = null;
let closeTimer: NodeJS.Timeout | undefined;

function threads(): WorkerPool<FaceTask, FaceOutput> {
  pool ??= new WorkerPool<FaceTask, FaceOutput>({
    entry: ENTRY,
    // The most any holder asks for (the upload checks' `workers` setting; likeness wants one).
    size: () => Math.max(1, ...[...holders].map((h) => h.threads())),
    maxQueue: () => MAX_QUEUE,
    taskTimeoutMs: TASK_TIMEOUT_MS,
    idleMs: FACE_THREAD_IDLE_MS,
    name: 'face-models',
  });
  return pool;
}

/** Face-model threads alive now (0 until the first task, 0 again once idle). */
export function faceThreads(): number {
  return pool?.threads ?? 0;
}

/** Holds the face-model threads; `wanted` is how many threads this holder would use at most. */
export function acquireFaceThreads(wanted: () => number = () => 1): FaceThreadsLease {
  const holder: Holder = { threads: wanted };
  holders.add(holder);
  clearTimeout(closeTimer);
  let closed = false;
  // note: a closed lease's answers are dropped, so its owner sees the same failure as a closed pool.
  const run = async <Out>(task: FaceTask, transfer: ArrayBuffer[]): Promise<Out> => {
    if (closed) throw new PoolClosedError('the face-model threads were released');
    const out = (await threads().run(task, transfer)) as Out;
    if (closed) throw new PoolClosedError('the face-model threads were released');
    return out;
  };
  const release = (): boolean => {
    if (closed) return false;
    closed = true;
    holders.delete(holder);
    return holders.size === 0;
  };
  return {
    analyse: (task) => run<AnalysisResult>({ ...task, kind: 'analyse' }, [task.bytes.buffer as ArrayBuffer]),
    embed(image) {
      // A copy the thread can own: callers' buffers may be views into a shared pool.
      const bytes = new Uint8Array(image);
      return run<FaceEmbedding>({ kind: 'embed', bytes }, [bytes.buffer]);
    },
    faces: (rgb, width, height, irises = true) =>
      run<FoundFace[]>({ kind: 'faces', irises, rgb, width, height }, [rgb.buffer as ArrayBuffer]),
    person: (rgb, width, height) =>
      run<Float32Array | null>({ kind: 'person', rgb, width, height }, [rgb.buffer as ArrayBuffer]),
    release() {
      if (!release()) return;
      closeTimer = setTimeout(() => void closeFaceThreads(), FACE_THREAD_IDLE_MS);
      closeTimer.unref();
    },
    async close() {
      if (release()) await closeFaceThreads();
    },
  };
}

/** Stops the threads now (tests, shutdown); the next task starts new ones. */
export async function closeFaceThreads(): Promise<void> {
  clearTimeout(closeTimer);
  const p = pool;
  pool = null;
  await p?.close();
}
