/**
 * The job queue is the `photoshoots` table itself: a job is a photoshoot in `queued`. Claiming
 * moves it to `processing` under a lease (`leaseOwner`, `leaseExpiresAt`) that the worker renews
 * by heartbeat; a lease that runs out means the worker died, and the job is put back (or failed
 * once out of attempts). On PostgreSQL, `FOR UPDATE SKIP LOCKED` lets several workers claim from
 * the same queue at once without ever taking the same row; on SQLite a write transaction already
 * runs alone (BEGIN IMMEDIATE), across processes too.
 *
 * A queued photoshoot whose `leaseExpiresAt` lies in the future is waiting out a retry backoff:
 * the lease fields double as "not before" while queued (lifecycle clears them on every move out
 * of processing, and the retry sets the time again).
 */
import { inTransaction } from '../../core/db/after-commit.js';
import { q, type Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { formatDate, nowString } from '../../tools/dates.js';
import type { RecordData } from '../../core/records/codec.js';
import { systemActor } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { recordOf, type RecordOf } from '../record-of.js';

function skipLocked(db: Db): string {
  return db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
}

export function inSeconds(seconds: number): string {
  return formatDate(new Date(Date.now() + seconds * 1000));
}

/** Emits an update of the photoshoot as stored now, so realtime subscribers see the new values. */
export async function emitPhotoshoot(app: App, id: string): Promise<RecordOf<'photoshoots'> | null> {
  const collection = app.registry.require('photoshoots');
  const record = recordOf('photoshoots', await app.records.findById(collection, id));
  if (record) app.events.emit({ action: 'update', collection, record });
  return record;
}

/**
 * Claims the oldest claimable queued photoshoot for `owner`: moves it to `processing`, leases it
 * for `leaseSeconds` and counts the attempt. Null when there is nothing to do. Paid photoshoots
 * come first: a team's free test shoot waits for a worker no customer is waiting for.
 */
export async function claimNext(
  app: App,
  owner: string,
  leaseSeconds: number,
): Promise<RecordOf<'photoshoots'> | null> {
  const id = await inTransaction(app.db, async (tx, events) => {
    const row = await tx.get<{ id: string }>(
      `SELECT "id" FROM ${q('photoshoots')} WHERE "status" = 'queued' AND ("leaseExpiresAt" = '' OR "leaseExpiresAt" <= ?) ` +
        `ORDER BY "isTest", "queuedAt", "id" LIMIT 1${skipLocked(tx)}`,
      [nowString()],
    );
    if (!row) return null;
    await transition(
      app,
      row.id,
      'processing',
      systemActor(owner),
      'a worker claimed the job',
      tx,
      events.add,
    );
    await tx.run(
      `UPDATE ${q('photoshoots')} SET "leaseOwner" = ?, "leaseExpiresAt" = ?, "attempts" = "attempts" + 1, ` +
        `"progress" = 0, "stage" = ?, "error" = '', "updated" = ? WHERE "id" = ?`,
      [owner, inSeconds(leaseSeconds), 'Starting', nowString(), row.id],
    );
    return row.id;
  });
  if (!id) return null;
  return emitPhotoshoot(app, id);
}

/**
 * Extends `owner`'s lease on `id`. False when the lease is no longer theirs (it expired and was
 * reclaimed, or an operator moved the photoshoot): the worker must stop writing then.
 */
export async function renewLease(
  app: App,
  id: string,
  owner: string,
  leaseSeconds: number,
): Promise<boolean> {
  const res = await app.db.run(
    `UPDATE ${q('photoshoots')} SET "leaseExpiresAt" = ? WHERE "id" = ? AND "status" = 'processing' AND "leaseOwner" = ?`,
    [inSeconds(leaseSeconds), id, owner],
  );
  return res.changes === 1;
}

/** Whether `owner` still holds the lease on `id`, read inside `tx` (with the row locked). */
export async function holdsLease(tx: Db, id: string, owner: string): Promise<boolean> {
  const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const row = await tx.get<{ status: string; leaseOwner: string }>(
    `SELECT "status", "leaseOwner" FROM ${q('photoshoots')} WHERE "id" = ?${lock}`,
    [id],
  );
  return row?.status === 'processing' && row.leaseOwner === owner;
}

/**
 * Ends now the leases `owner` holds (a worker restarting after a crash: whatever it was running
 * died with it). Other owners' leases are untouched. Returns how many.
 */
export async function expireLeasesOf(app: App, owner: string): Promise<number> {
  const res = await app.db.run(
    `UPDATE ${q('photoshoots')} SET "leaseExpiresAt" = '' WHERE "status" = 'processing' AND "leaseOwner" = ?`,
    [owner],
  );
  return res.changes;
}

/** Processing photoshoots whose lease ran out (their worker died or hung), oldest first. */
export async function expiredLeases(app: App, limit = 10): Promise<string[]> {
  const rows = await app.db.all<{ id: string }>(
    `SELECT "id" FROM ${q('photoshoots')} WHERE "status" = 'processing' AND ("leaseExpiresAt" = '' OR "leaseExpiresAt" < ?) ` +
      `ORDER BY "leaseExpiresAt", "id" LIMIT ${Math.max(1, Math.floor(limit))}`,
    [nowString()],
  );
  return rows.map((r) => r.id);
}

/**
 * Locks `id` if it is still processing under an expired lease (skipping it when another worker
 * holds the row), for the caller to retry or fail it in the same transaction.
 */
export async function lockExpired(tx: Db, id: string): Promise<RecordData | null> {
  const row = await tx.get<RecordData>(
    `SELECT "id", "attempts", "leaseOwner" FROM ${q('photoshoots')} WHERE "id" = ? AND "status" = 'processing' ` +
      `AND ("leaseExpiresAt" = '' OR "leaseExpiresAt" < ?)${skipLocked(tx)}`,
    [id, nowString()],
  );
  return row ?? null;
}
