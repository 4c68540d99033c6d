/** `GET /api/admin/overview`: the back office's at-a-glance figures (superusers only). */
import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { adminOverview } from '../core/admin/overview.js';
import { requireSuperuser } from './guards.js';
import { sendJson } from './respond.js';

export function bindAdminOverviewApi(server: FastifyInstance, app: App): void {
  server.get('/api/admin/overview', async (req, reply) => {
    requireSuperuser(req);
    return sendJson(req, reply, await adminOverview(app));
  });
}
