/**
 * Seats: a team's `seatsTotal` (bought) and `seatsUsed` (taken by submitted member photoshoots).
 * Both change only through conditional updates, so concurrent submissions and refunds can never
 * take more seats than there are, nor leave fewer than are used.
 */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';

/** Takes one free seat; false when none is free. PostgreSQL re-checks the condition after a lock wait. */
export async function takeSeat(tx: Db, teamId: string): Promise<boolean> {
  const res = await tx.run(
    `UPDATE "teams" SET "seatsUsed" = COALESCE("seatsUsed", 0) + 1, "updated" = ?
     WHERE "id" = ? AND COALESCE("seatsUsed", 0) < COALESCE("seatsTotal", 0)`,
    [nowString(), teamId],
  );
  return res.changes === 1;
}

/** Gives one seat back (never below zero). */
export async function returnSeat(tx: Db, teamId: string): Promise<void> {
  await tx.run(
    `UPDATE "teams" SET "seatsUsed" = COALESCE("seatsUsed", 0) - 1, "updated" = ?
     WHERE "id" = ? AND COALESCE("seatsUsed", 0) > 0`,
    [nowString(), teamId],
  );
}

/** Adds `n` bought seats. */
export async function addSeats(tx: Db, teamId: string, n: number): Promise<void> {
  await tx.run(
    `UPDATE "teams" SET "seatsTotal" = COALESCE("seatsTotal", 0) + ?, "updated" = ? WHERE "id" = ?`,
    [n, nowString(), teamId],
  );
}

/** Removes up to `n` seats, keeping at least those in use. */
export async function removeUnusedSeats(tx: Db, teamId: string, n: number): Promise<void> {
  await tx.run(
    `UPDATE "teams" SET "seatsTotal" = CASE
       WHEN COALESCE("seatsTotal", 0) - ? < COALESCE("seatsUsed", 0) THEN COALESCE("seatsUsed", 0)
       ELSE COALESCE("seatsTotal", 0) - ? END, "updated" = ?
     WHERE "id" = ?`,
    [n, n, nowString(), teamId],
  );
}

/** Tells realtime subscribers of the team (its seat counts changed); call after the commit. */
export async function announceSeats(app: App, teamId: string): Promise<void> {
  const teams = app.registry.require('teams');
  const record = await app.records.findById(teams, teamId);
  if (record) app.events.emit({ action: 'update', collection: teams, record });
}
