import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

/**
 * `GET /api/mail/outbox` (superusers): the dev outbox, newest first, so an install without SMTP can
 * still follow a verification or password-reset link. `?perPage=` sets how many (default 50).
 */
export function bindMailOutboxApi(server: FastifyInstance, app: App): void {
  server.get('/api/mail/outbox', { config: { access: 'superuser' } }, async (req, reply) => {
    const asked = Number(queryParam(req, 'perPage') ?? DEFAULT_LIMIT);
    const limit = Number.isInteger(asked) && asked > 0 ? Math.min(asked, MAX_LIMIT) : DEFAULT_LIMIT;
    const { total, items } = await app.mailer.listOutbox(limit);
    const shown = items.map(({ id, date, from, to, subject, text }) => ({
      id,
      date,
      from,
      to,
      subject,
      text,
    }));
    return sendJson(req, reply, { totalItems: total, items: shown });
  });
}
