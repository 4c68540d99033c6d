/** Binds the payment endpoints: quote and checkout, verify and the sandbox, the Stripe webhook. */
import type { FastifyInstance } from 'fastify';
import type { App } from '../../../core/app.js';
import { bindPaymentsCheckoutApi } from './payments-checkout.js';
import { bindPaymentsStatusApi } from './payments-status.js';
import { bindPaymentsWebhookApi } from './payments-webhook.js';

export async function bindPaymentsApi(server: FastifyInstance, app: App): Promise<void> {
  bindPaymentsCheckoutApi(server, app);
  bindPaymentsStatusApi(server, app);
  await bindPaymentsWebhookApi(server, app);
}
