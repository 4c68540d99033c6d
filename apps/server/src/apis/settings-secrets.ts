import type { FastifyInstance } from 'fastify';
import type { App } from '../core/app.js';
import { sendJson } from './respond.js';

/**
 * `GET /api/admin/settings/secrets` (in the admin group, superusers only): which secrets of the
 * settings are set, by path (`{"payments.stripeSecretKey": true, ...}`). `GET /api/settings`
 * blanks every secret as PocketBase does, so a form could not otherwise tell "set" from "empty".
 */
export function bindSettingsSecretsApi(server: FastifyInstance, app: App): void {
  server.get('/settings/secrets', async (req, reply) => sendJson(req, reply, app.settings.secretsSet()));
}
