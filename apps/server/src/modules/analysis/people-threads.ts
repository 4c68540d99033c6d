/**
 * The threads that look for people by their bodies (vision/people.ts), for the upload checks.
 * A thread holds ~100 MB (its detector's wasm memory never shrinks) for as long as it lives, so it
 * exits a second after its last task: the checks of a burst of uploads keep it, and a photoshoot
 * paid right after them renders without that memory held. Starting one again costs ~0.8 s (the
 * thread and the model's load). One pool per process, as many threads as the upload checks'
 * `workers` setting; threads are unref'd, so an idle pool keeps no process alive.
 */
import { WorkerPool } from '../../tools/worker-pool.js';
import type { PersonBox } from './vision/people.js';

export type PeopleTask = { bytes: Uint8Array };

/** A thread idle this long exits, its memory with it. */
export const PEOPLE_THREAD_IDLE_MS = 1_000;
const MAX_QUEUE = 256;
const TASK_TIMEOUT_MS = 120_000;

const ENTRY = new URL(`./people-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

let pool: WorkerPool<PeopleTask, PersonBox[]> | null = null;
let wanted: () => number = () => 1;

/**
 * The people in an upload (a copy of its bytes goes to the thread). `threads` is how many
 * threads the caller would use at most, read whenever work is dispatched.
 */
export function findPeopleInThread(photo: Uint8Array, threads: () => number): Promise<PersonBox[]> {
  wanted = threads;
  pool ??= new WorkerPool<PeopleTask, PersonBox[]>({
    entry: ENTRY,
    size: () => Math.max(1, wanted()),
    maxQueue: () => MAX_QUEUE,
    taskTimeoutMs: TASK_TIMEOUT_MS,
    idleMs: PEOPLE_THREAD_IDLE_MS,
    name: 'people',
  });
  const bytes = new Uint8Array(photo);
  return pool.run({ bytes }, [bytes.buffer]);
}

/** People threads alive now (0 until the first task, 0 again once idle). */
export function peopleThreads(): number {
  return pool?.threads ?? 0;
}

/** Stops the threads now (tests, shutdown); the next task starts new ones. */
export async function closePeopleThreads(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
