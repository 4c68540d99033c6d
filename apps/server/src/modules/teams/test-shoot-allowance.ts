/**
 * How many test shoots a team may submit. A test shoot is rendered for nothing (with a hosted
 * provider, a paid training run), so a team that has bought no seat gets one, ever; a team with
 * seats gets `teams.testShootsPerDay` in any 24 hours. Checked at submission with the team's row
 * locked, so concurrent submissions cannot both take the last one.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { RecordData } from '../../core/records/codec.js';
import { formatDate } from '../../tools/dates.js';
import { recordOf } from '../record-of.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function refused(message: string): ApiError {
  return ApiError.badRequest(message, { isTest: { code: 'validation_test_shoot_limit', message } });
}

/** Throws a 400 with words when `team` (locked by the caller) has no test shoot left. */
export async function checkTestShootAllowance(app: App, tx: Db, team: RecordData): Promise<void> {
  const paid = recordOf('teams', team).seatsTotal > 0;
  const since = paid ? formatDate(new Date(Date.now() - DAY_MS)) : '';
  // note: `queuedAt` is set on submission and a submitted photoshoot cannot be deleted by its owner.
  const row = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS "n" FROM "photoshoots" WHERE "team" = ? AND "isTest" = ? AND "queuedAt" != '' AND "queuedAt" >= ?`,
    [team.id, true, since],
  );
  const used = row?.n ?? 0;
  if (!paid && used >= 1) {
    throw refused('This team has had its free test shoot. Buy seats to try the look again.');
  }
  const perDay = app.settings.get().teams.testShootsPerDay;
  if (paid && used >= perDay) {
    throw refused(`This team has had ${perDay} test shoots in the last 24 hours. Try again tomorrow.`);
  }
}
