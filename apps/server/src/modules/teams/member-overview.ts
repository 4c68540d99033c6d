/**
 * What a team admin follows: each member with their role and the state of their latest team
 * photoshoot (test shoots left out), its last activity and how many photos were released, and
 * the team's seats. A member whose draft could be submitted but for a seat is shown waiting for one,
 * and the admin is told how many seats those drafts need. Selfies are never part of it (only a
 * count of accepted ones).
 */
import type { App } from '../../core/app.js';
import type { TeamRole } from './team-role.js';
import { photoshootLimits } from '../photoshoots/limits.js';

export type MemberState =
  | 'not_started'
  | 'draft'
  | 'pending_payment'
  | 'queued'
  | 'processing'
  | 'review'
  | 'completed'
  | 'failed'
  | 'refunded';

export type MemberRow = {
  user: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
  remindedAt: string;
  state: MemberState;
  photoshoot: string;
  lastActivity: string;
  released: number;
  waitingForSeat: boolean;
};

export type TeamOverview = {
  seatsTotal: number;
  seatsUsed: number;
  seatsToBuy: number;
  members: MemberRow[];
};

type Row = {
  user: string;
  name: string | null;
  email: string | null;
  role: string;
  joinedAt: string | null;
  remindedAt: string | null;
  photoshoot: string | null;
  status: string | null;
  updated: string | null;
  accepted: number;
};

export async function teamOverview(app: App, teamId: string): Promise<TeamOverview> {
  const team = await app.db.get<{ seatsTotal: number; seatsUsed: number }>(
    `SELECT "seatsTotal", "seatsUsed" FROM "teams" WHERE "id" = ?`,
    [teamId],
  );
  // The latest non-test team photoshoot of each member (ties on `created` broken by id).
  const rows = await app.db.all<Row>(
    `SELECT m."user" AS "user", u."name" AS "name", u."email" AS "email", m."role" AS "role",
            m."joinedAt" AS "joinedAt", m."remindedAt" AS "remindedAt",
            p."id" AS "photoshoot", p."status" AS "status", p."updated" AS "updated",
            (SELECT COUNT(*) FROM "original_photos" o WHERE o."photoshoot" = p."id" AND o."qc" = 'accepted') AS "accepted"
     FROM "team_members" m
     JOIN "users" u ON u."id" = m."user"
     LEFT JOIN "photoshoots" p ON p."id" = (
       SELECT p2."id" FROM "photoshoots" p2
       WHERE p2."team" = m."team" AND p2."user" = m."user" AND p2."isTest" = ?
       ORDER BY p2."created" DESC, p2."id" DESC LIMIT 1)
     WHERE m."team" = ?
     ORDER BY u."name", u."email"`,
    [false, teamId],
  );
  const counts = await app.db.all<{ user: string; n: number }>(
    `SELECT r."user" AS "user", COUNT(*) AS "n" FROM "results" r JOIN "photoshoots" p ON p."id" = r."photoshoot"
     WHERE r."team" = ? AND r."released" = ? AND p."isTest" = ? GROUP BY r."user"`,
    [teamId, true, false],
  );
  const released = new Map(counts.map((c) => [c.user, c.n]));
  const seatsTotal = team?.seatsTotal ?? 0;
  const seatsUsed = team?.seatsUsed ?? 0;
  const seatsFree = Math.max(0, seatsTotal - seatsUsed);
  const { minAcceptedPhotos } = photoshootLimits(app);
  const ready = (r: Row) => r.status === 'draft' && r.accepted >= minAcceptedPhotos;
  const readyCount = rows.filter(ready).length;
  return {
    seatsTotal,
    seatsUsed,
    seatsToBuy: Math.max(0, readyCount - seatsFree),
    members: rows.map((r) => ({
      user: r.user,
      name: r.name ?? '',
      email: r.email ?? '',
      role: r.role as TeamRole,
      joinedAt: r.joinedAt ?? '',
      remindedAt: r.remindedAt ?? '',
      state: (r.status ?? 'not_started') as MemberState,
      photoshoot: r.photoshoot ?? '',
      lastActivity: r.updated ?? r.joinedAt ?? '',
      released: released.get(r.user) ?? 0,
      waitingForSeat: ready(r) && seatsFree === 0,
    })),
  };
}

/** A CSV cell: quoted, and a leading formula character neutralised (spreadsheets run them). */
function cell(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return `"${s.replace(/"/g, '""')}"`;
}

export function overviewCsv(overview: TeamOverview): string {
  const head = ['name', 'email', 'role', 'state', 'joinedAt', 'lastActivity', 'releasedPhotos'];
  const lines = overview.members.map((m) =>
    [m.name, m.email, m.role, m.state, m.joinedAt, m.lastActivity, m.released].map(cell).join(','),
  );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
