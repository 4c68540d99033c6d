/**
 * The worker-thread side of WorkerPool: answers each task message with `{ok, output}` or
 * `{ok: false, error}`, after a first `{ready: true}`. One task at a time per thread (the pool
 * never sends a second before the first is answered). While it runs, a task may ask the parent
 * for something (`askParent`), which the pool's `answer` option handles.
 */
import { parentPort } from 'node:worker_threads';
import { collectIfGrown, taskStarting } from './thread-garbage.js';

export type TaskReply<Out> = { output: Out; transfer?: ArrayBuffer[] };

type Answer = { answer: number; ok: boolean; output?: unknown; error?: string };

const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let nextRequest = 0;

function port() {
  if (!parentPort) throw new Error('this must run in a worker thread');
  return parentPort;
}

export function serveTasks<In, Out>(handle: (input: In) => Promise<TaskReply<Out>>): void {
  const parent = port();
  parent.on('message', (msg: In | Answer) => {
    if (msg && typeof msg === 'object' && 'answer' in msg) return settle(msg);
    taskStarting();
    // note: a failed postMessage (an output that cannot be cloned) stays unhandled, and the thread
    // dies with it, as the pool expects; only a delivered answer is followed by a collection.
    void handle(msg as In)
      .then(
        ({ output, transfer }) => parent.postMessage({ ok: true, output }, transfer ?? []),
        (err: unknown) =>
          parent.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      )
      // note: after the answer is on its way, so the caller does not wait for the collection.
      .then(collectIfGrown);
  });
  parent.postMessage({ ready: true });
}

/** Asks the parent (the pool's `answer`) and waits for its answer; its failure rejects. */
export function askParent<Out>(input: unknown, transfer: ArrayBuffer[] = []): Promise<Out> {
  const request = nextRequest++;
  return new Promise<Out>((resolve, reject) => {
    waiting.set(request, { resolve: resolve as (v: unknown) => void, reject });
    port().postMessage({ request, input }, transfer);
  });
}

function settle({ answer, ok, output, error }: Answer): void {
  const w = waiting.get(answer);
  if (!w) return;
  waiting.delete(answer);
  if (ok) w.resolve(output);
  else w.reject(new Error(error ?? 'the request failed'));
}
