/**
 * Waits for one ComfyUI run to end: woken by the progress socket when it is reachable, polling
 * `/history` every `pollMs` as the backstop. A server that stops answering (two failed looks in a
 * row, or a run it no longer knows, as after a restart: ComfyUI keeps its queue in memory) is
 * reported as ServerLost so the caller can move the job to another server.
 */
import type { ComfyClient, FileRef, HistoryEntry } from './comfy-client.js';
import { ServerUnreachable } from './comfy-client.js';
import { ProgressSocket } from './progress-socket.js';

export class ServerLost extends Error {}

export type RunOutcome = { state: 'done'; images: FileRef[] } | { state: 'failed'; error: string };

export type WaitOptions = {
  clientId: string;
  outputNode: string;
  pollMs: number;
  /** Epoch ms after which the run is cancelled and failed. */
  deadline: number;
  timeoutMinutes: number;
  signal?: AbortSignal;
};

const MAX_LOOK_ERRORS = 2;
const RETRY_MS = 500;

/** Ended (its history), still queued or running, or unknown to the server. */
async function look(client: ComfyClient, promptId: string, signal?: AbortSignal) {
  const first = await client.history(promptId, signal);
  if (first) return first;
  const q = await client.queue(signal);
  if ([...q.running, ...q.pending].some((i) => i.promptId === promptId)) return 'queued' as const;
  // note: the run may have ended between the two reads; history is written before it leaves the queue.
  return (await client.history(promptId, signal)) ?? ('unknown' as const);
}

/** The outcome an ended run's history records. */
export function outcomeOf(entry: HistoryEntry, outputNode: string): RunOutcome {
  const status = entry.status;
  if (status?.status_str === 'error') {
    const failure = status.messages?.find(([type]) => type === 'execution_error')?.[1];
    const what = typeof failure?.exception_message === 'string' ? failure.exception_message.trim() : '';
    const where = typeof failure?.node_type === 'string' ? ` in ${failure.node_type}` : '';
    return { state: 'failed', error: `the run failed${where}${what ? `: ${what.slice(0, 300)}` : ''}` };
  }
  const images = (entry.outputs?.[outputNode]?.images ?? []).filter(
    (i): i is FileRef => typeof i?.filename === 'string',
  );
  if (!images.length) return { state: 'failed', error: `node ${outputNode} produced no images` };
  return { state: 'done', images };
}

function pause(ms: number, socket: { wakeUp?: () => void }, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      socket.wakeUp = undefined;
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    };
    const timer = setTimeout(done, Math.max(10, ms));
    socket.wakeUp = done;
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

export async function waitForRun(
  client: ComfyClient,
  promptId: string,
  opts: WaitOptions,
): Promise<RunOutcome> {
  const waiter: { wakeUp?: () => void } = {};
  const socket = new ProgressSocket(client, opts.clientId, promptId, () => waiter.wakeUp?.());
  let errors = 0;
  try {
    for (;;) {
      opts.signal?.throwIfAborted();
      if (Date.now() >= opts.deadline) {
        await client.cancel(promptId).catch(() => {});
        return { state: 'failed', error: `the run did not finish within ${opts.timeoutMinutes} minutes` };
      }
      let seen: Awaited<ReturnType<typeof look>>;
      try {
        seen = await look(client, promptId, opts.signal);
        errors = 0;
      } catch (err) {
        if (!(err instanceof ServerUnreachable)) throw err;
        if (++errors >= MAX_LOOK_ERRORS) throw new ServerLost(err.message);
        await pause(RETRY_MS, waiter, opts.signal);
        continue;
      }
      if (seen === 'unknown')
        throw new ServerLost(`ComfyUI at ${client.url} no longer knows the run (was it restarted?).`);
      if (seen !== 'queued') return outcomeOf(seen, opts.outputNode);
      await pause(Math.min(opts.pollMs, opts.deadline - Date.now()), waiter, opts.signal);
    }
  } finally {
    socket.close();
  }
}
