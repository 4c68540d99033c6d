/**
 * A member removed from a team (or leaving it) before work on their submitted photoshoot started
 * gives its seat back: the photoshoot returns to their drafts (`queued → draft`, by the server) and
 * the seat is returned in the same transaction. Work already under way keeps its seat.
 */
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { nowString } from '../../tools/dates.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { systemActor } from '../../core/records/actor.js';
import { transition } from '../photoshoots/lifecycle.js';
import { announceSeats, returnSeat } from './seats.js';
import { recordOf } from '../record-of.js';

async function unqueue(app: App, photoshootId: string, teamId: string): Promise<void> {
  await inTransaction(app.db, async (tx, later) => {
    const flipped = await tx.run(
      `UPDATE "photoshoots" SET "seatUsed" = ?, "updated" = ? WHERE "id" = ? AND "seatUsed" = ? AND "status" = 'queued'`,
      [false, nowString(), photoshootId, true],
    );
    // note: a worker that claimed the job first has moved it on: the work keeps its seat.
    if (flipped.changes !== 1) return;
    const reason = 'the member left the team before work started; the seat came back';
    await transition(app, photoshootId, 'draft', systemActor('teams'), reason, tx, later.add);
    await returnSeat(tx, teamId);
  });
}

export function memberRemovalListener(app: App): (e: RecordEvent) => void {
  return (e) => {
    const { team: teamId, user: userId } = recordOf('team_members', e.record);
    void (async () => {
      const rows = await app.db.all<{ id: string }>(
        `SELECT "id" FROM "photoshoots" WHERE "team" = ? AND "user" = ? AND "status" = 'queued' AND "seatUsed" = ? AND "isTest" = ?`,
        [teamId, userId, true, false],
      );
      for (const row of rows) await unqueue(app, row.id, teamId);
      if (rows.length) await announceSeats(app, teamId);
    })().catch((err: unknown) => {
      console.error(`[teams] returning the seats of a removed member of team ${teamId} failed:`, err);
    });
  };
}
