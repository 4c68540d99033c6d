/**
 * The worker-thread side of WorkerPool: answers each task message with `{ok, output}` or
 * `{ok: false, error}`, after a first `{ready: true}`. One task at a time per thread (the pool never sends a second before the
 * first is answered).
 */
import { parentPort } from 'node:worker_threads';

export type TaskReply<Out> = { output: Out; transfer?: ArrayBuffer[] };

export function serveTasks<In, Out>(handle: (input: In) => Promise<TaskReply<Out>>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks must run in a worker thread');
  port.on('message', (input: In) => {
    handle(input).then(
      ({ output, transfer }) => port.postMessage({ ok: true, output }, transfer ?? []),
      (err: unknown) =>
        port.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
  port.postMessage({ ready: true });
}
