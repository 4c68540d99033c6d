/**
 * `POST /api/teams/{id}/remind` `{members?: [userIds]}`: mails members who have not submitted yet
 * (every such member when none are named). At most one reminder per member per day: the member's
 * `remindedAt` moves by a conditional update, and only the caller that moved it sends the mail.
 * A member waiting for a seat is not reminded: their part is done, and the mail would say it is not.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import { formatDate, nowString } from '../../tools/dates.js';
import { reminderMail, sendTeamMail } from './team-mails.js';
import { teamOverview } from './member-overview.js';
import { recordOf } from '../record-of.js';

export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

export type RemindOutcome = {
  reminded: string[];
  skipped: { user: string; reason: 'submitted' | 'recently_reminded' | 'waiting_for_seat' }[];
};

type Candidate = { id: string; user: string; email: string; submitted: number };

/** Statuses that mean the member has submitted (a draft has not). */
const SUBMITTED = ['queued', 'processing', 'review', 'completed', 'failed', 'refunded'];

export async function remindMembers(
  app: App,
  teamId: string,
  /** The members to remind by user id; null: everyone who has not submitted. */
  only: readonly string[] | null,
): Promise<RemindOutcome> {
  const team = recordOf('teams', await app.records.findById(app.registry.require('teams'), teamId));
  if (!team) throw ApiError.notFound();
  const rows = await app.db.all<Candidate>(
    `SELECT m."id" AS "id", m."user" AS "user", u."email" AS "email",
       (SELECT COUNT(*) FROM "photoshoots" p WHERE p."team" = m."team" AND p."user" = m."user" AND p."isTest" = ?
          AND p."status" IN (${SUBMITTED.map(() => '?').join(', ')})) AS "submitted"
     FROM "team_members" m JOIN "users" u ON u."id" = m."user" WHERE m."team" = ?`,
    [false, ...SUBMITTED, teamId],
  );
  const waiting = new Set(
    (await teamOverview(app, teamId)).members.filter((m) => m.waitingForSeat).map((m) => m.user),
  );
  const cutoff = formatDate(new Date(Date.now() - REMINDER_INTERVAL_MS));
  const out: RemindOutcome = { reminded: [], skipped: [] };
  for (const row of rows) {
    if (only && !only.includes(row.user)) continue;
    if (row.submitted > 0) {
      out.skipped.push({ user: row.user, reason: 'submitted' });
      continue;
    }
    if (waiting.has(row.user)) {
      out.skipped.push({ user: row.user, reason: 'waiting_for_seat' });
      continue;
    }
    const claimed = await app.db.run(
      `UPDATE "team_members" SET "remindedAt" = ? WHERE "id" = ? AND (COALESCE("remindedAt", '') = '' OR "remindedAt" < ?)`,
      [nowString(), row.id, cutoff],
    );
    if (claimed.changes !== 1) {
      out.skipped.push({ user: row.user, reason: 'recently_reminded' });
      continue;
    }
    out.reminded.push(row.user);
    if (row.email) await sendTeamMail(app, reminderMail(app, row.email, { id: teamId, name: team.name }));
  }
  return out;
}
