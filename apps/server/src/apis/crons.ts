import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { ApiError } from '../core/errors.js';
import { sendJson } from './respond.js';
import { NO_BODY } from './route-body.js';

/** `GET /api/crons` and `POST /api/crons/{id}` (run now, in the background) for superusers. */
export function bindCronsApi(server: FastifyInstance, app: App): void {
  server.get('/api/crons', { config: { access: 'superuser' } }, async (req, reply) => {
    return sendJson(req, reply, app.crons.list());
  });

  server.post('/api/crons/:id', { config: { access: 'superuser', body: NO_BODY } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    if (!app.crons.run(id)) throw ApiError.notFound('Missing or invalid cron job.');
    return reply.code(204).send();
  });
}
