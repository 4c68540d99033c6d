/**
 * When a member's photoshoot is delivered and every other submitted (non-test) photoshoot of the
 * team is delivered too, the team's owner and admins get one note. "Once" is a conditional update
 * of `teams.readyNoticeFor` to the number of delivered members: a repeated event, another process
 * seeing the same move, or an owner rating their photos sends nothing more; a new member's
 * delivery (one more) does.
 */
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { allReadyMail, sendTeamMail } from './team-mails.js';
import { recordOf } from '../record-of.js';

/** Statuses of a submitted photoshoot that is still on its way to delivery. */
const UNDER_WAY = ['queued', 'processing', 'review'];

async function noteIfAllReady(app: App, teamId: string): Promise<void> {
  const pending = await app.db.get<{ n: number }>(
    `SELECT COUNT(*) AS "n" FROM "photoshoots" WHERE "team" = ? AND "isTest" = ? AND "status" IN (${UNDER_WAY.map(() => '?').join(', ')})`,
    [teamId, false, ...UNDER_WAY],
  );
  if ((pending?.n ?? 0) > 0) return;
  const delivered = await app.db.get<{ n: number }>(
    `SELECT COUNT(DISTINCT "user") AS "n" FROM "photoshoots" WHERE "team" = ? AND "isTest" = ? AND "status" = 'completed'`,
    [teamId, false],
  );
  const ready = delivered?.n ?? 0;
  const key = String(ready);
  const claimed = await app.db.run(
    `UPDATE "teams" SET "readyNoticeFor" = ? WHERE "id" = ? AND COALESCE("readyNoticeFor", '') != ?`,
    [key, teamId, key],
  );
  if (claimed.changes !== 1) return;
  const team = recordOf('teams', await app.records.findById(app.registry.require('teams'), teamId));
  const admins = await app.db.all<{ email: string }>(
    `SELECT u."email" AS "email" FROM "team_members" m JOIN "users" u ON u."id" = m."user"
     WHERE m."team" = ? AND m."role" IN ('owner', 'admin') AND u."email" != ''`,
    [teamId],
  );
  for (const { email } of admins) {
    await sendTeamMail(app, allReadyMail(app, email, { id: teamId, name: team?.name ?? '', ready }));
  }
}

export function readyNoticeListener(app: App): (e: RecordEvent) => void {
  return (e) => {
    const r = recordOf('photoshoots', e.record);
    if (!r.team || r.isTest === true || r.status !== 'completed') return;
    noteIfAllReady(app, r.team).catch((err: unknown) => {
      console.error(`[teams] the all-ready note of team ${r.team} failed:`, err);
    });
  };
}
