/**
 * `GET /api/teams/{id}/summary`: the team as a member's pages need it. Members cannot read the
 * team's package, so the number of styles they may choose comes from here.
 */
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import { teamStylesIncluded } from './team-package.js';
import type { TeamRole } from './team-role.js';

export type TeamSummary = {
  id: string;
  name: string;
  members: number;
  role: TeamRole;
  stylesIncluded: number;
};

export async function teamSummary(app: App, teamId: string, role: TeamRole): Promise<TeamSummary> {
  const row = await app.db.get<{ id: string; name: string }>(
    `SELECT "id", "name" FROM "teams" WHERE "id" = ?`,
    [teamId],
  );
  if (!row) throw ApiError.notFound();
  const members = await app.db.get<{ n: number }>(
    `SELECT COUNT(*) AS "n" FROM "team_members" WHERE "team" = ?`,
    [teamId],
  );
  return {
    id: row.id,
    name: row.name,
    members: members?.n ?? 0,
    role,
    stylesIncluded: await teamStylesIncluded(app, app.db, teamId),
  };
}
