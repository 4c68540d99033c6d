/**
 * Waits for a hosted job to settle: a webhook (this process: an instant wake-up; another process:
 * seen on the next read of the row, every second) or, when no callback comes, the provider's
 * status polled every `pollMs` — the backstop. A job past its deadline is cancelled and failed.
 */
import type { App } from '../../core/app.js';
import { parseDate } from '../../tools/dates.js';
import { PermanentJobError } from '../processing/providers/types.js';
import { findJobRow, onSettled, settleJobRow, type ExternalJobRow } from './external-jobs.js';
import type { HostedApi } from './hosted-api.js';
import type { RemoteResult } from './remote-result.js';

/** How often the row is re-read for a webhook received by another process. */
const STORE_CHECK_MS = 1000;
/** Transient poll errors tolerated in a row before the attempt fails (the runner retries it). */
const MAX_POLL_ERRORS = 3;

function pause(ms: number, rowId: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      off();
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      done();
      reject(signal!.reason instanceof Error ? signal!.reason : new Error('aborted'));
    };
    const timer = setTimeout(done, Math.max(10, ms));
    const off = onSettled(rowId, done);
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

export type WaitOptions = { pollMs?: number; signal?: AbortSignal; pollFirst?: boolean };

export async function waitForRow(
  app: App,
  api: HostedApi,
  start: ExternalJobRow,
  opts: WaitOptions = {},
): Promise<RemoteResult> {
  const settings = app.settings.get().processing;
  const pollMs = opts.pollMs ?? settings.hostedPollSeconds * 1000;
  const created = parseDate(start.created)?.getTime() ?? Date.now();
  const deadline = created + settings.hostedTimeoutMinutes * 60_000;
  let nextPoll = opts.pollFirst ? 0 : Date.now() + pollMs;
  let errors = 0;
  for (;;) {
    opts.signal?.throwIfAborted();
    const row = await findJobRow(app.db, start.id);
    if (!row) throw new Error(`${api.name} job ${start.id} disappeared from the store.`);
    if (row.result.state !== 'pending') return row.result;
    const now = Date.now();
    if (now >= deadline) {
      const note = await api.cancel(row).catch(() => undefined);
      const minutes = settings.hostedTimeoutMinutes;
      await settleJobRow(app.db, row.id, {
        state: 'failed',
        error: `${api.name} did not finish within ${minutes} minutes.${note ? ` ${note}` : ''}`,
      });
      continue;
    }
    if (now >= nextPoll) {
      nextPoll = now + pollMs;
      try {
        const polled = await api.poll(row);
        errors = 0;
        if (polled.state !== 'pending') await settleJobRow(app.db, row.id, polled);
        continue;
      } catch (err) {
        if (err instanceof PermanentJobError || ++errors >= MAX_POLL_ERRORS) throw err;
      }
    }
    await pause(Math.min(STORE_CHECK_MS, nextPoll - Date.now(), deadline - Date.now()), row.id, opts.signal);
  }
}
