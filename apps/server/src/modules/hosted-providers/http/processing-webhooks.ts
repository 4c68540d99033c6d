/**
 * `POST /api/processing/webhooks/{provider}`: callbacks of the hosted generation providers.
 * Signatures cover the exact bytes sent, so these routes (and only these) read their body raw,
 * whatever the content type; the core verifies, settles the job once and answers.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { receiveWebhook } from '../receive-webhook.js';
import { sendJson } from '../../../apis/respond.js';

/** Callbacks carry a job's state and image URLs: a few KB. */
const MAX_WEBHOOK_BYTES = 1024 * 1024;

/** First value of each key; header names are lower-cased by Node already. */
function stringMap(input: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v !== undefined) out[k] = Array.isArray(v) ? String(v[0]) : String(v);
  }
  return out;
}

export async function bindProcessingWebhooksApi(server: FastifyInstance, app: App): Promise<void> {
  // note: a child context, so the raw parser cannot leak to other routes.
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>('/api/processing/webhooks/:provider', async (req, reply) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const receipt = await receiveWebhook(app, req.params.provider, {
        headers: stringMap(req.headers),
        query: stringMap(req.query),
        rawBody,
      });
      return sendJson(req, reply, receipt);
    });
  });
}
