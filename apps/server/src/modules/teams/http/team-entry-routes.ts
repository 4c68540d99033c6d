/**
 * Team routes outside one team's group: `POST /api/teams` (create; signed in),
 * `GET /api/teams/invites/{token}` (preview; public) and `POST /api/teams/invites/{token}/accept`
 * (signed in).
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { createTeamBody } from '@photoshoot/contract/bodies';
import { readValidBody } from '../../../apis/valid-body.js';
import { callerOf } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { createTeam } from '../create-team.js';
import { acceptInvite, previewInvite } from '../invites.js';

type TokenParams = { Params: { token: string } };

export function bindTeamEntryRoutes(server: FastifyInstance, app: App): void {
  server.post('/api/teams', { config: { access: 'auth' } }, async (req, reply) => {
    const body = await readValidBody(req, createTeamBody);
    const caller = callerOf(req);
    const team = await createTeam(app, caller, body);
    return sendJson(req, reply, (await app.records.shape(app.registry.require('teams'), [team], caller))[0]);
  });

  server.get<TokenParams>('/api/teams/invites/:token', async (req, reply) =>
    sendJson(req, reply, await previewInvite(app, callerOf(req), req.params.token)),
  );

  server.post<TokenParams>(
    '/api/teams/invites/:token/accept',
    { config: { access: 'auth' } },
    async (req, reply) => {
      const caller = callerOf(req);
      const membership = await acceptInvite(app, caller, req.params.token);
      const json = (await app.records.shape(app.registry.require('team_members'), [membership], caller))[0];
      return sendJson(req, reply, json);
    },
  );
}
