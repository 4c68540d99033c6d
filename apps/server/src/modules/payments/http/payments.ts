/**
 * Binds the payment endpoints: verify and the sandbox, the Stripe webhook. Each purchasable's
 * quote and checkout are its own module's endpoints, on `quotePurchase` and `startPurchase`.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { bindPaymentsStatusApi } from './payments-status.js';
import { bindPaymentsWebhookApi } from './payments-webhook.js';

export async function bindPaymentsApi(server: FastifyInstance, app: App): Promise<void> {
  bindPaymentsStatusApi(server, app);
  await bindPaymentsWebhookApi(server, app);
}
