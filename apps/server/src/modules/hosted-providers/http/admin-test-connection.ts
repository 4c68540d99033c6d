/** `POST /api/admin/processing/providers/{name}/test` (admin group): is the saved key accepted? */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { sendJson } from '../../../apis/respond.js';
import { testHostedConnection } from '../test-connection.js';

export function bindAdminTestConnectionApi(admin: FastifyInstance, app: App): void {
  admin.post<{ Params: { name: string } }>('/processing/providers/:name/test', async (req, reply) =>
    sendJson(req, reply, await testHostedConnection(app, req.params.name)),
  );
}
