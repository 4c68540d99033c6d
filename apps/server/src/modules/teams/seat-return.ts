/**
 * A seat comes back when the photoshoot that took it fails for good or is refunded, and is taken
 * again (if one is free) when an operator requeues it. The photoshoot's `seatUsed` flag flips by a
 * conditional update in the same transaction as the count, so a repeated or concurrent event
 * (another process reporting the same move) returns the seat once.
 */
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { nowString } from '../../tools/dates.js';
import { announceSeats, returnSeat, takeSeat } from './seats.js';
import { recordOf } from '../record-of.js';

async function flipSeat(app: App, photoshootId: string, teamId: string, used: boolean): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    if (used && !(await takeSeat(tx, teamId))) return false;
    const res = await tx.run(
      `UPDATE "photoshoots" SET "seatUsed" = ?, "updated" = ? WHERE "id" = ? AND "seatUsed" = ?`,
      [used, nowString(), photoshootId, !used],
    );
    if (res.changes !== 1) {
      // note: someone else flipped it first; undo our take (rolls back with the transaction).
      if (used) throw new SeatAlreadyFlipped();
      return false;
    }
    if (!used) await returnSeat(tx, teamId);
    return true;
  });
}

class SeatAlreadyFlipped extends Error {}

/** Reacts to committed photoshoot moves of team photoshoots (subscribed to photoshoot updates). */
export function seatListener(app: App): (e: RecordEvent) => void {
  return (e) => {
    const r = recordOf('photoshoots', e.record);
    const { team: teamId, status } = r;
    if (!teamId || r.isTest === true) return;
    let used: boolean | null = null;
    if ((status === 'failed' || status === 'refunded') && r.seatUsed === true) used = false;
    else if (status === 'queued' && r.seatUsed !== true) used = true;
    if (used === null) return;
    flipSeat(app, r.id, teamId, used)
      .then((flipped) => (flipped ? announceSeats(app, teamId) : undefined))
      .catch((err: unknown) => {
        if (err instanceof SeatAlreadyFlipped) return;
        console.error(`[teams] updating the seat of photoshoot ${r.id} failed:`, err);
      });
  };
}
