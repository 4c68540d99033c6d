/**
 * How an attempt ends when it does not succeed: retried later with exponential backoff, failed
 * for good once out of attempts (or on a permanent error), or released untouched by a worker that
 * is shutting down. Each is one transaction with the lifecycle move.
 */
import { inTransaction } from '../../core/db/after-commit.js';
import type { App } from '../../core/app.js';
import { q } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';
import { systemActor } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { emitPhotoshoot, holdsLease, inSeconds, lockExpired } from './job-queue.js';

/** Longest wait between two attempts. */
export const MAX_BACKOFF_SECONDS = 3600;

/** Seconds to wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffSeconds(baseSeconds: number, attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
}

/** A sentence for operators: the first line of the error, bounded (no stack, no data dump). */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = message.split('\n')[0]!.trim() || 'Unknown error.';
  return line.length > 400 ? `${line.slice(0, 397)}...` : line;
}

export type Outcome = 'retried' | 'failed' | 'lost';

/**
 * Records a failed attempt of `id` held by `owner` (or, with `owner` null, one whose lease
 * expired). Retries with backoff while attempts remain and the error is not `permanent`.
 */
export async function failAttempt(
  app: App,
  id: string,
  owner: string | null,
  reason: string,
  permanent: boolean,
): Promise<Outcome> {
  const { maxAttempts, retryBaseSeconds } = app.settings.get().processing;
  const outcome = await inTransaction(app.db, async (tx, events): Promise<Outcome> => {
    const row =
      owner === null ? await lockExpired(tx, id) : (await holdsLease(tx, id, owner)) ? { id } : null;
    if (!row) return 'lost';
    const current = await tx.get<{ attempts: number }>(
      `SELECT "attempts" FROM ${q('photoshoots')} WHERE "id" = ?`,
      [id],
    );
    const attempts = current?.attempts ?? 0;
    const final = permanent || attempts >= maxAttempts;
    const actor = systemActor(owner ?? 'lease-reaper');
    if (final) {
      const error = permanent
        ? reason
        : `Failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`;
      await transition(app, id, 'failed', actor, error, tx, events.add);
      await tx.run(`UPDATE ${q('photoshoots')} SET "error" = ?, "stage" = ?, "updated" = ? WHERE "id" = ?`, [
        error.slice(0, 2000),
        'Failed',
        nowString(),
        id,
      ]);
      return 'failed';
    }
    const wait = owner === null ? 0 : backoffSeconds(retryBaseSeconds, attempts);
    await transition(app, id, 'queued', actor, `attempt ${attempts} failed: ${reason}`, tx, events.add);
    await tx.run(
      `UPDATE ${q('photoshoots')} SET "error" = ?, "stage" = ?, "leaseExpiresAt" = ?, "updated" = ? WHERE "id" = ?`,
      [
        `Attempt ${attempts} of ${maxAttempts} failed: ${reason}`.slice(0, 2000),
        wait ? `Retrying in ${wait} s` : 'Queued for a retry',
        wait ? inSeconds(wait) : '',
        nowString(),
        id,
      ],
    );
    return 'retried';
  });
  if (outcome !== 'lost') {
    await emitPhotoshoot(app, id);
  }
  return outcome;
}

/** Puts a job back in the queue untouched (its worker is stopping); the attempt does not count. */
export function releaseJob(app: App, id: string, owner: string): Promise<boolean> {
  return holdJob(app, id, owner, { reason: 'released by a stopping worker', stage: 'Queued', seconds: 0 });
}

/**
 * Puts a job back in the queue without counting the attempt, not to be claimed again for
 * `seconds`: a stopping worker (0), or a provider that cannot take work now through no fault of
 * the job (its account is out of credit, it asked us to slow down).
 */
export async function holdJob(
  app: App,
  id: string,
  owner: string,
  hold: { reason: string; stage: string; seconds: number },
): Promise<boolean> {
  const released = await inTransaction(app.db, async (tx, events) => {
    if (!(await holdsLease(tx, id, owner))) return false;
    await transition(app, id, 'queued', systemActor(owner), hold.reason, tx, events.add);
    await tx.run(
      `UPDATE ${q('photoshoots')} SET "attempts" = CASE WHEN "attempts" > 0 THEN "attempts" - 1 ELSE 0 END, ` +
        `"stage" = ?, "leaseExpiresAt" = ?, "updated" = ? WHERE "id" = ?`,
      [hold.stage, hold.seconds > 0 ? inSeconds(hold.seconds) : '', nowString(), id],
    );
    return true;
  });
  if (released) {
    await emitPhotoshoot(app, id);
  }
  return released;
}
