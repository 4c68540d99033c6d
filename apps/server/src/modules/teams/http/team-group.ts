/**
 * `/api/teams/{id}/*`: routes of one team, behind one guard. A route declares the least role it
 * needs (`config: { teamRole: 'admin' }`, member by default). Guests get 401; a signed-in caller who
 * is not a member gets 404, as PocketBase answers for a record its rules hide; a member whose role
 * is too low gets 403. Superusers pass, as they pass every collection rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from '../../../core/app.js';
import { ApiError } from '../../../core/errors.js';
import { requireAuth } from '../../../apis/guards.js';
import { roleAllows, teamRoleOf, type TeamRole } from '../team-role.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    teamRole?: TeamRole;
  }
  interface FastifyRequest {
    /** The caller's role in the route's team (`owner` for superusers); set by the team guard. */
    teamRole: TeamRole | null;
  }
}

export async function guardTeamRoute(app: App, req: FastifyRequest): Promise<TeamRole> {
  const auth = requireAuth(req);
  if (auth.collection.name === '_superusers') return 'owner';
  const team = (req.params as { id?: string }).id ?? '';
  const role = auth.collection.name === 'users' ? await teamRoleOf(app.db, team, auth.record.id as string) : null;
  if (!role) throw ApiError.notFound();
  if (!roleAllows(role, req.routeOptions.config.teamRole ?? 'member')) {
    throw ApiError.forbidden('The authorized record is not allowed to perform this action.');
  }
  return role;
}

/** Registers `bind`'s routes under `/api/teams/:id`, relative paths, each behind the team guard. */
export async function bindTeamGroup(
  server: FastifyInstance,
  app: App,
  bind: (group: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await server.register(
    async (group) => {
      group.decorateRequest('teamRole', null);
      group.addHook('preHandler', async (req) => {
        req.teamRole = await guardTeamRoute(app, req);
      });
      await bind(group);
    },
    { prefix: '/api/teams/:id' },
  );
}
