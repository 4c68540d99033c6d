/** The team endpoints: creating a team and invites (entry routes), and one team's guarded group. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { bindTeamEntryRoutes } from './team-entry-routes.js';
import { bindTeamGroup } from './team-group.js';
import { bindTeamRoutes } from './team-routes.js';

export async function bindTeamsApi(server: FastifyInstance, app: App): Promise<void> {
  bindTeamEntryRoutes(server, app);
  await bindTeamGroup(server, app, (team) => bindTeamRoutes(team, app));
}
