import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { readBody } from './body.js';
import { requireSuperuser } from './guards.js';
import { sendJson } from './respond.js';

/** `GET/PATCH /api/settings` for superusers; secrets are never sent back. */
export function bindSettingsApi(server: FastifyInstance, app: App): void {
  server.get('/api/settings', async (req, reply) => {
    requireSuperuser(req);
    return sendJson(req, reply, app.settings.masked());
  });
  server.patch('/api/settings', async (req, reply) => {
    requireSuperuser(req);
    const { body } = await readBody(req);
    await app.settings.patch(body);
    return sendJson(req, reply, app.settings.masked());
  });
}
