/** The team endpoints: `GET /api/teams/{id}/summary` (any member) so far; the teams issue adds the rest. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { ApiError } from '../../../core/errors.js';
import { sendJson } from '../../../apis/respond.js';
import { bindTeamGroup } from './team-group.js';

export async function bindTeamsApi(server: FastifyInstance, app: App): Promise<void> {
  await bindTeamGroup(server, app, (team) => {
    team.get<{ Params: { id: string } }>('/summary', async (req, reply) => {
      const row = await app.db.get<{ id: string; name: string }>(
        `SELECT "id", "name" FROM "teams" WHERE "id" = ?`,
        [req.params.id],
      );
      if (!row) throw ApiError.notFound();
      const members = await app.db.get<{ n: number }>(
        `SELECT COUNT(*) AS "n" FROM "team_members" WHERE "team" = ?`,
        [req.params.id],
      );
      return sendJson(req, reply, {
        id: row.id,
        name: row.name,
        members: Number(members?.n ?? 0),
        role: req.teamRole,
      });
    });
  });
}
