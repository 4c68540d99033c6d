/** `GET /api/admin/overview` (in the admin group, superusers only): the back office's at-a-glance figures. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { sendJson } from '../../../apis/respond.js';
import { adminOverview } from '../overview.js';

export function bindAdminOverviewApi(admin: FastifyInstance, app: App): void {
  admin.get('/overview', async (req, reply) => sendJson(req, reply, await adminOverview(app)));
}
