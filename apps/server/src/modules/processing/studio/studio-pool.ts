/**
 * The studio engine's threads: a WorkerPool (tools/worker-pool.ts) on studio-worker, each thread
 * rendering one portrait at a time (and holding ISNet, ≈ 2.5 GB, when configured). Their questions
 * for the face models are passed on to the face-model threads (analysis/face-threads.ts), which
 * the upload checks and the likeness scoring use too: one copy of the face models in the process,
 * not one more per studio thread (~190 MB of wasm heap each). A thread that dies or overruns fails
 * its render (the job runner retries the job) and is replaced.
 */
import { acquireFaceThreads, type FaceQuestion, type FaceThreadsLease } from '../../analysis/face-threads.js';
import { WorkerPool, type Answer } from '../../../tools/worker-pool.js';
import { ANALYSES_KEPT, type RenderJob } from './studio-engine.js';
import type { RenderedPortrait } from './render-portrait.js';
import type { StudioReply, StudioTask } from './studio-worker.js';

export type StudioPoolOptions = { size: number; dataDir?: string };

/** Longest a single render may take before its thread is replaced (ISNet at 2048 px, loaded host). */
export const RENDER_TIMEOUT_MS = 5 * 60_000;
/**
 * A studio thread holds ~200-250 MB once it has rendered (its 2048 px planes, the analyses it keeps
 * for the next variants); after a minute without a render it exits and gives that back.
 */
export const THREAD_IDLE_MS = 60_000;

// Next to this file: studio-worker.js when built, studio-worker.ts when run from sources.
const ENTRY = new URL(`./studio-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

export class StudioPool {
  private readonly pool: WorkerPool<StudioTask, StudioReply>;
  /** Taken on the first question; the face-model threads still stop when idle a minute. */
  private faces: FaceThreadsLease | null = null;

  constructor(private readonly opts: StudioPoolOptions) {
    this.pool = new WorkerPool<StudioTask, StudioReply>({
      entry: ENTRY,
      size: () => Math.max(1, opts.size),
      // The runner asks for one render per job loop at a time; a little slack for stragglers.
      maxQueue: () => Math.max(4, opts.size * 4),
      taskTimeoutMs: RENDER_TIMEOUT_MS,
      idleMs: THREAD_IDLE_MS,
      name: 'studio',
      answer: (q) => this.answer(q as FaceQuestion),
    });
  }

  private async answer(q: FaceQuestion): Promise<Answer> {
    this.faces ??= acquireFaceThreads();
    if (q.kind === 'faces') return { output: await this.faces.faces(q.rgb, q.width, q.height, q.irises) };
    const mask = await this.faces.person(q.rgb, q.width, q.height);
    return { output: mask, transfer: mask ? [mask.buffer as ArrayBuffer] : [] };
  }

  /**
   * Analyses each thread keeps. Renders go to whichever thread is free, so with `size` jobs at
   * once a thread takes renders of every one of them; each job works on one photo at a time
   * (run-job.ts), so a thread keeps one analysis per job, and at least the engine's default.
   */
  private analysesKept(): number {
    return Math.max(ANALYSES_KEPT, this.opts.size);
  }

  /** Threads alive now: none before the first render, none again after a minute idle. */
  get threads(): number {
    return this.pool.threads;
  }

  /** Renders in a thread; an abort settles at once (the thread's late answer is dropped). */
  async render(job: RenderJob, signal?: AbortSignal): Promise<RenderedPortrait> {
    signal?.throwIfAborted();
    const run = this.pool.run({ job, dataDir: this.opts.dataDir, analysesKept: this.analysesKept() });
    if (!signal) return withBuffer(await run);
    let onAbort!: () => void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () =>
        reject(signal.reason instanceof Error ? signal.reason : new Error('the render was cancelled'));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    run.catch(() => {});
    try {
      return withBuffer(await Promise.race([run, aborted]));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
    this.faces?.release();
    this.faces = null;
  }
}

function withBuffer(reply: StudioReply): RenderedPortrait {
  return { ...reply, jpeg: Buffer.from(reply.jpeg.buffer, reply.jpeg.byteOffset, reply.jpeg.byteLength) };
}
