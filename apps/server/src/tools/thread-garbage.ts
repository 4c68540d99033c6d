/**
 * Collects a worker thread's garbage once a task has left enough of it behind.
 *
 * The pools' threads handle pixels as Buffers and typed arrays whose memory lies outside V8's
 * heap, and their young generation is small (THREAD_YOUNG_GENERATION_MB), so the small objects
 * that own such memory are soon promoted and then wait for a full collection. V8 starts one only
 * once tens of MB more are held than after the last. The studio thread leaves ~8-10 MB behind per
 * portrait (the placed photo from libvips, the JPEG, the passes' own arrays), and the process's
 * resident set rose and fell with it. Now a thread collects after a task, once its memory
 * outside the heap has grown by COLLECT_AFTER_MB since the last collection: the studio thread
 * about every second portrait, ~10 ms each, and a 45-portrait photoshoot peaks ~30 MB lower
 * (bench/README.md, "Memory"). It does so after answering, so no caller waits for it.
 *
 * Asking V8 for a collection needs its `--expose-gc`. Set before a thread starts, the flag
 * applies to that thread's isolate (not to the main thread, whose context already exists); a
 * thread started without it goes on as before.
 */
import { setFlagsFromString } from 'node:v8';

/** Growth of a thread's memory outside its heap that makes it collect after a task. */
export const COLLECT_AFTER_MB = 16;

let allowed = false;

/** Main thread: lets threads started from now on collect when they choose to. */
export function allowThreadCollection(): void {
  if (allowed) return;
  setFlagsFromString('--expose-gc');
  allowed = true;
}

const heldBytes = () => process.memoryUsage().arrayBuffers;

/**
 * What the thread's ArrayBuffers held as its first task after the last collection started. V8
 * frees a collection's dead ArrayBuffers on a background thread, so a reading taken right after
 * it would still count some of them; the next task starts later.
 */
let baseline: number | undefined;

/** Worker thread, as a task starts. */
export function taskStarting(): void {
  baseline ??= heldBytes();
}

/**
 * Worker thread, after a task's answer has been posted: a full collection if the thread's
 * ArrayBuffers (Buffers and typed arrays) have grown by COLLECT_AFTER_MB since the baseline.
 */
export function collectIfGrown(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect || baseline === undefined) return;
  if (heldBytes() - baseline < COLLECT_AFTER_MB * 2 ** 20) return;
  collect();
  baseline = undefined;
}
