/**
 * A small pool of worker threads for CPU-heavy work that must stay off the request event loop.
 * Threads start on first use and each keeps its state (loaded models) across tasks; with `idleMs`,
 * a thread that had no task for that long exits, handing its memory (models, wasm and V8 heaps)
 * back to the system, and the next task starts a new one. A thread that
 * crashes, exits or overruns the task timeout is replaced and only its task fails, with the reason.
 * The queue is bounded: past `maxQueue`, `run` refuses at once (PoolFullError) instead of growing.
 *
 * A task may ask the parent for work it cannot do itself (`askParent` in worker-serve.ts; the
 * studio threads ask the face-model threads for inference): `answer` handles such requests.
 *
 * Worker side: see `serveTasks` in worker-serve.ts. Running from TypeScript sources (tests), a
 * `.ts` entry is started through ts-worker.mjs, which compiles on the fly.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { allowThreadCollection } from './thread-garbage.js';

export class PoolFullError extends Error {}
export class PoolClosedError extends Error {}
/** The thread died or timed out while running the task. */
export class WorkerCrashError extends Error {}
/** The task itself threw inside the worker (the thread lives on). */
export class TaskError extends Error {}

export type WorkerPoolOptions = {
  entry: URL;
  /** Threads wanted; read each time work is dispatched, so a settings change applies. */
  size: () => number;
  maxQueue: () => number;
  /** A task running longer than this terminates its thread. */
  taskTimeoutMs?: number;
  /** A thread idle this long exits (a fresh one loads its models again on the next task). */
  idleMs?: number;
  name?: string;
  /** Answers a running task's request to the parent (a failure is sent back as the request's error). */
  answer?: (request: unknown) => Promise<Answer>;
};

/** An answer to a thread's request, with the buffers to transfer back. */
export type Answer = { output: unknown; transfer?: ArrayBuffer[] };

type Task = {
  input: unknown;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
};

type Reply = { ready?: true; ok?: boolean; output?: unknown; error?: string };
/** A running task's request to the parent (worker-serve.ts `askParent`). */
type Request = { request: number; input: unknown };
type Slot = {
  worker: Worker;
  task: Task | null;
  timer?: NodeJS.Timeout;
  idleTimer?: NodeJS.Timeout;
  id: number;
  online: boolean;
};

const TS_BOOTSTRAP = new URL('./ts-worker.mjs', import.meta.url);

/**
 * The most a thread's V8 young generation may grow to. By default V8 lets each isolate's grow to
 * 48 MB and keeps it at its largest. A pool's bulky data lives outside the JS heap (typed arrays,
 * the wasm heap), so a small one costs its threads little time, and saves the process resident
 * memory for every thread alive.
 */
export const THREAD_YOUNG_GENERATION_MB = 6;

export class WorkerPool<In, Out> {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private closed = false;
  private nextId = 0;

  constructor(private readonly opts: WorkerPoolOptions) {}

  /** Tasks waiting for a thread (not counting running ones). */
  get queued(): number {
    return this.queue.length;
  }

  get running(): number {
    return this.slots.filter((s) => s.task).length;
  }

  /** Threads alive now, busy or idle. */
  get threads(): number {
    return this.slots.length;
  }

  run(input: In, transfer: ArrayBuffer[] = []): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolClosedError('the pool is closed'));
    if (this.queue.length >= this.opts.maxQueue())
      return Promise.reject(new PoolFullError('the queue is full'));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ input, transfer, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Fails what is queued or running with PoolClosedError and stops every thread. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.reject(new PoolClosedError('the pool is closed'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      clearTimeout(s.timer);
      clearTimeout(s.idleTimer);
      s.task?.reject(new PoolClosedError('the pool is closed'));
      s.task = null;
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot) {
        if (this.slots.length >= Math.max(1, this.opts.size())) return;
        slot = this.spawn();
      }
      this.start(slot, this.queue.shift()!);
    }
    // Threads beyond a lowered size go once idle.
    const excess = this.slots.length - Math.max(1, this.opts.size());
    for (const s of this.slots.filter((x) => !x.task).slice(0, Math.max(0, excess))) this.retire(s);
    for (const s of this.slots) if (!s.task) this.armIdle(s);
  }

  private armIdle(slot: Slot): void {
    const idle = this.opts.idleMs;
    if (!idle || slot.idleTimer) return;
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = undefined;
      if (!slot.task) this.retire(slot);
    }, idle);
    slot.idleTimer.unref();
  }

  private spawn(): Slot {
    allowThreadCollection();
    const entry = this.opts.entry;
    const fromSource = entry.pathname.endsWith('.ts');
    const options = {
      name: this.opts.name,
      resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
    };
    const worker = fromSource
      ? new Worker(TS_BOOTSTRAP, { argv: [fileURLToPath(entry)], ...options })
      : new Worker(entry, options);
    // note: an idle pool must not keep the process alive (CLI commands, tests).
    worker.unref();
    const slot: Slot = { worker, task: null, id: this.nextId++, online: false };
    worker.on('message', (msg: Reply | Request) => {
      if ('request' in msg) return this.answer(slot, msg);
      // The timeout counts from when the thread is ready, not from its start-up.
      if (msg.ready) {
        slot.online = true;
        if (slot.task) this.armTimer(slot);
      } else this.settle(slot, msg);
    });
    worker.on('error', (err) => this.crashed(slot, `the worker crashed: ${err.message}`));
    worker.on('exit', (code) => this.crashed(slot, `the worker exited (code ${code})`));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, task: Task): void {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = undefined;
    slot.task = task;
    if (slot.online) this.armTimer(slot);
    slot.worker.postMessage(task.input, task.transfer);
  }

  private answer(slot: Slot, { request, input }: Request): void {
    const answer = this.opts.answer;
    const reply = (msg: object, transfer: ArrayBuffer[] = []) => {
      // note: a thread gone meanwhile (crashed, retired, closed) has no one to read the answer.
      if (this.slots.includes(slot)) slot.worker.postMessage({ answer: request, ...msg }, transfer);
    };
    if (!answer) return reply({ ok: false, error: 'this pool answers no requests' });
    answer(input).then(
      ({ output, transfer }) => reply({ ok: true, output }, transfer),
      (err: unknown) => reply({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  }

  private armTimer(slot: Slot): void {
    const timeout = this.opts.taskTimeoutMs;
    if (!timeout) return;
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => this.crashed(slot, `the task took longer than ${timeout} ms`), timeout);
    slot.timer.unref();
  }

  private settle(slot: Slot, msg: Reply): void {
    const task = slot.task;
    if (!task) return;
    clearTimeout(slot.timer);
    slot.task = null;
    if (msg.ok) task.resolve(msg.output);
    else task.reject(new TaskError(msg.error ?? 'the task failed'));
    this.dispatch();
  }

  /** Removes the thread (once), fails its task with `reason`, and carries on with a new thread. */
  private crashed(slot: Slot, reason: string): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    clearTimeout(slot.timer);
    clearTimeout(slot.idleTimer);
    const task = slot.task;
    slot.task = null;
    void slot.worker.terminate();
    task?.reject(new WorkerCrashError(reason));
    if (!this.closed) this.dispatch();
  }

  private retire(slot: Slot): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    clearTimeout(slot.idleTimer);
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
  }
}
