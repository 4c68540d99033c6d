/**
 * `POST /api/payments/stripe/webhook`. Stripe signs the exact bytes it sends, so this route (and
 * only this route) reads its body raw, whatever the content type; a bad signature is a 400.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { handleStripeWebhook } from '../stripe-webhook.js';
import { sendJson } from '../../../apis/respond.js';

/** Far above any real Stripe event (they are a few KB), far below the API's body limit. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

export async function bindPaymentsWebhookApi(server: FastifyInstance, app: App): Promise<void> {
  // note: a child context, so the raw parser cannot leak to other routes.
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/api/payments/stripe/webhook', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = String(req.headers['stripe-signature'] ?? '');
      return sendJson(req, reply, await handleStripeWebhook(app, raw, signature));
    });
  });
}
