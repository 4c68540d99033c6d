import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { isSuperuser } from '../core/records/caller.js';
import { possibleProxyHeader, realIp } from './real-ip.js';
import { callerOf } from './request-caller.js';
import { sendJson } from './respond.js';

/**
 * `GET /api/health`: public liveness. Superusers also learn whether a backup can start, the IP the
 * server sees for them (the same one logs and rate limits use), and a proxy header worth trusting
 * when none is configured yet.
 */
export function bindHealthApi(server: FastifyInstance, app: App): void {
  server.get('/api/health', async (req, reply) => {
    const data: Record<string, unknown> = {};
    if (isSuperuser(callerOf(req))) {
      const settings = app.settings.get();
      data.canBackup = !app.backups.busy;
      data.realIP = realIp(req, settings);
      data.possibleProxyHeader = possibleProxyHeader(req, settings);
    }
    return sendJson(req, reply, { message: 'API is healthy.', code: 200, data });
  });
}
