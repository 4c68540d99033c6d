import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { isSuperuser } from '../core/records/caller.js';
import { callerOf } from './request-caller.js';
import { sendJson } from './respond.js';

/** `GET /api/health`: public liveness; superusers also learn whether a backup can start. */
export function bindHealthApi(server: FastifyInstance, app: App): void {
  server.get('/api/health', async (req, reply) => {
    const data: Record<string, unknown> = {};
    if (isSuperuser(callerOf(req))) {
      data.canBackup = !app.backups.busy;
      data.realIP = req.ip;
      data.possibleProxyHeader = '';
    }
    return sendJson(req, reply, { message: 'API is healthy.', code: 200, data });
  });
}
