/**
 * `GET /api/admin/users/summaries?ids=a,b,…` (in the admin group, superusers only): photoshoot
 * counts, last activity and sign-in methods of up to 100 users, for the back office's users pages.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { queryParam } from '../../../apis/request-caller.js';
import { sendJson } from '../../../apis/respond.js';
import { adminUserSummaries, parseSummaryIds } from '../user-summaries.js';

export function bindAdminUsersApi(admin: FastifyInstance, app: App): void {
  admin.get('/users/summaries', async (req, reply) => {
    const ids = parseSummaryIds(queryParam(req, 'ids'));
    return sendJson(req, reply, { items: await adminUserSummaries(app, ids) });
  });
}
