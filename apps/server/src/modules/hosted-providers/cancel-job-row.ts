/**
 * Cancelling a job row together with the job it stands for at its service, for every provider
 * whose jobs run outside the process (the hosted services, an operator's ComfyUI servers).
 *
 * A row whose submission is still unanswered holds only its placeholder id, though the service
 * may have taken the job already. `stop` gets the row as it is and may find such a job some other
 * way (by the client id it was sent with) or not at all. The row is then settled only while it
 * still has the id `stop` saw: if the answer was stored meanwhile, the job it names is stopped in
 * turn; if it is stored later, the submitter finds the row cancelled (`stopIfCancelled`) and stops
 * the job itself. A submission that fails instead (no answer in time) is looked for once more by
 * its submitter (`stopIfCancelled` on the placeholder row). What can still run on is a job the
 * service took but neither answered nor lets us find (fal has no lookup).
 */
import type { Db } from '../../core/db/db.js';
import { findJobRow, isPlaceholder, settleJobRow, type ExternalJobRow } from './external-jobs.js';

/** Stops a row's job at its service; may answer a note for the row's error. */
export type StopJob = (row: ExternalJobRow) => Promise<string | void>;

/** What a cancelled row's error says first, for the operator reading it. */
export const CANCELLED = 'cancelled';

/**
 * Cancels `start`'s job and settles the row failed with `reason` (which starts with CANCELLED) and
 * the `cancelled` mark: a provider's own error may start with that word too.
 */
export async function cancelJobRow(
  db: Db,
  start: ExternalJobRow,
  stop: StopJob,
  reason: string = CANCELLED,
): Promise<void> {
  let row: ExternalJobRow | null = start;
  while (row && row.result.state === 'pending') {
    // A lookup that fails (the service slow to list its queue) must not keep the row pending: the
    // submitter then carries on. Settled, the row has the submitter stop the job once it is named.
    const note = isPlaceholder(row.externalId) ? await stop(row).catch(warnNotStopped(row)) : await stop(row);
    const error = note ? `${reason}; ${note}` : reason;
    if (await settleJobRow(db, row.id, { state: 'failed', error, cancelled: true }, row.externalId)) return;
    row = await findJobRow(db, row.id);
  }
}

/**
 * For a submitter, once it has stored its submission's answer in `row` or its submission failed:
 * true when the row was cancelled meanwhile, and then its job is stopped (by the stored id, or
 * looked for under the placeholder). A failure to stop it is logged: the job is over for us either
 * way.
 */
export async function stopIfCancelled(db: Db, row: ExternalJobRow, stop: StopJob): Promise<boolean> {
  const now = await isCancelled(db, row.id);
  if (!now) return false;
  await stop(now).catch(warnNotStopped(now));
  return true;
}

/** The row, if it was settled by a cancel. */
export async function isCancelled(db: Db, id: string): Promise<ExternalJobRow | null> {
  const row = await findJobRow(db, id);
  return row?.result.state === 'failed' && row.result.cancelled ? row : null;
}

function warnNotStopped(row: ExternalJobRow): (err: unknown) => void {
  return (err) =>
    console.warn(`[processing] stopping cancelled job ${row.externalId}: ${(err as Error)?.message ?? err}`);
}
