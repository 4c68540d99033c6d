/**
 * `POST /api/processing/webhooks/{provider}` in core terms: a verified callback settles its job
 * (once; redeliveries are acknowledged and ignored) and wakes the worker waiting on it. Refusals
 * are ApiErrors: 401 not authentic, 400 unreadable, 404 unknown provider.
 */
import type { App } from '../../core/app.js';
import { ApiError } from '../../core/errors.js';
import type { WebhookRequest } from '../processing/providers/types.js';
import { acceptWebhook } from './accept-webhook.js';
import { WebhookRejected } from './hosted-api.js';
import { hostedApi, isHostedName } from './hosted-apis.js';

export type WebhookReceipt = { received: true; settled: boolean };

export async function receiveWebhook(
  app: App,
  provider: string,
  req: WebhookRequest,
): Promise<WebhookReceipt> {
  if (!isHostedName(provider)) throw ApiError.notFound();
  try {
    const { settled } = await acceptWebhook(app, hostedApi(app, provider), req);
    return { received: true, settled };
  } catch (err) {
    if (err instanceof WebhookRejected)
      throw err.status === 401 ? ApiError.unauthorized(err.message) : ApiError.badRequest(err.message);
    throw err;
  }
}
