/** A caller's role in a team, and whether it is enough for what a route asks. */
import type { Db } from '../../core/db/db.js';

export type TeamRole = 'member' | 'admin' | 'owner';

const RANK: Record<TeamRole, number> = { member: 0, admin: 1, owner: 2 };

export function roleAllows(role: TeamRole, required: TeamRole): boolean {
  return RANK[role] >= RANK[required];
}

/** The role of `user` in `team`, or null when not a member (or no such team). */
export async function teamRoleOf(db: Db, team: string, user: string): Promise<TeamRole | null> {
  const row = await db.get<{ role: TeamRole }>(
    `SELECT "role" FROM "team_members" WHERE "team" = ? AND "user" = ?`,
    [team, user],
  );
  return row?.role ?? null;
}
