import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

/**
 * `GET /api/admin/mail-failures` (in the admin group, superusers only): mails given up on (a permanent SMTP refusal, or
 * every retry failed), newest first, with the last error; `totalItems` is what an overview shows.
 */
export function bindMailFailuresApi(server: FastifyInstance, app: App): void {
  server.get('/mail-failures', async (req, reply) => {
    const asked = Number(queryParam(req, 'perPage') ?? DEFAULT_LIMIT);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    const { total, items } = await app.mailer.failures(limit);
    return sendJson(req, reply, { totalItems: total, items });
  });
}
