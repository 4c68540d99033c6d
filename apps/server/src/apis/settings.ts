import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { sendTestEmail } from '../core/settings/test-email.js';
import { testS3 } from '../core/settings/test-s3.js';
import { readBody } from './body.js';
import { sendJson } from './respond.js';
import { FULL_BODY } from './route-body.js';

/** `GET/PATCH /api/settings` and the S3 and mail checks, for superusers; secrets are never sent back. */
export function bindSettingsApi(server: FastifyInstance, app: App): void {
  server.get('/api/settings', { config: { access: 'superuser' } }, async (req, reply) => {
    return sendJson(req, reply, app.settings.masked());
  });
  server.patch('/api/settings', { config: { access: 'superuser', body: FULL_BODY } }, async (req, reply) => {
    const { body } = await readBody(req);
    await app.settings.patch(body);
    return sendJson(req, reply, app.settings.masked());
  });
  server.post('/api/settings/test/s3', { config: { access: 'superuser' } }, async (req, reply) => {
    const { body } = await readBody(req);
    await testS3(app, body.filesystem);
    return reply.code(204).send();
  });
  server.post('/api/settings/test/email', { config: { access: 'superuser' } }, async (req, reply) => {
    const { body } = await readBody(req);
    await sendTestEmail(app, body);
    return reply.code(204).send();
  });
}
