import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { listLogs, logStats, viewLog } from '../core/logs/log-query.js';
import { queryParam } from './request-caller.js';
import { sendJson } from './respond.js';

/** `GET /api/logs`, `/api/logs/stats` and `/api/logs/{id}` for superusers, as PocketBase serves them. */
export function bindLogsApi(server: FastifyInstance, app: App): void {
  server.get('/api/logs', { config: { access: 'superuser' } }, async (req, reply) => {
    const p = (name: string) => queryParam(req, name);
    const list = await listLogs(await app.logs.handle(), {
      page: p('page'),
      perPage: p('perPage'),
      sort: p('sort'),
      filter: p('filter'),
      skipTotal: p('skipTotal'),
    });
    return sendJson(req, reply, list);
  });

  server.get('/api/logs/stats', { config: { access: 'superuser' } }, async (req, reply) => {
    return sendJson(req, reply, await logStats(await app.logs.handle(), queryParam(req, 'filter')));
  });

  server.get('/api/logs/:id', { config: { access: 'superuser' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return sendJson(req, reply, await viewLog(await app.logs.handle(), id));
  });
}
