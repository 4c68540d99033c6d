/**
 * Cancelling a job row together with the job it stands for at its service, for every provider
 * whose jobs run outside the process (the hosted services, an operator's ComfyUI servers).
 *
 * A row whose submission is still unanswered holds only its placeholder id, though the service
 * may have taken the job already. `stop` gets the row as it is and may find such a job some other
 * way (by the client id it was sent with) or not at all. The row is then settled only while it
 * still has the id `stop` saw: if the answer was stored meanwhile, the job it names is stopped in
 * turn; if it is stored later, the submitter finds the row cancelled (`stopIfCancelled`) and stops
 * the job itself. Between the two, no job is left running for a cancelled row.
 */
import type { Db } from '../../core/db/db.js';
import { findJobRow, settleJobRow, type ExternalJobRow } from './external-jobs.js';

/** Stops a row's job at its service; may answer a note for the row's error. */
export type StopJob = (row: ExternalJobRow) => Promise<string | void>;

/** What a cancelled row's error starts with. */
export const CANCELLED = 'cancelled';

/** Cancels `start`'s job and settles the row failed with `reason`; true if this call settled it. */
export async function cancelJobRow(
  db: Db,
  start: ExternalJobRow,
  stop: StopJob,
  reason: string = CANCELLED,
): Promise<boolean> {
  let row: ExternalJobRow | null = start;
  while (row && row.result.state === 'pending') {
    const note = await stop(row);
    const error = note ? `${reason}; ${note}` : reason;
    if (await settleJobRow(db, row.id, { state: 'failed', error }, row.externalId)) return true;
    row = await findJobRow(db, row.id);
  }
  return false;
}

/**
 * For a submitter that has just stored its submission's answer in `row`: true when the row was
 * cancelled meanwhile, and then its job is stopped (a failure to stop it is logged: the job is
 * over for us either way).
 */
export async function stopIfCancelled(db: Db, row: ExternalJobRow, stop: StopJob): Promise<boolean> {
  const now = await findJobRow(db, row.id);
  if (!now || now.result.state !== 'failed' || !now.result.error.startsWith(CANCELLED)) return false;
  await stop(now).catch((err: unknown) => {
    console.warn(`[processing] stopping cancelled job ${now.externalId}: ${(err as Error)?.message ?? err}`);
  });
  return true;
}
