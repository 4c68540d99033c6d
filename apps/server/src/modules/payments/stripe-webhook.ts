/**
 * `POST /api/payments/stripe/webhook`: a signed Stripe event, verified on the raw body, applied
 * through the same exactly-once paths as the verify call. Events we do not act on, and events about
 * payments we do not know, are acknowledged (2xx) so Stripe stops resending them.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordOf } from '../record-of.js';
import { systemActor } from '../../core/records/actor.js';
import { closePayment } from './close-payment.js';
import { fulfilPayment } from './fulfil.js';
import { findPaymentBy } from './payment-store.js';
import { isRefundOwed, markOwedRefunded } from './owed-refunds.js';
import { markRefunded, markRefundFailed } from './refund.js';
import { providerNamed } from './providers/index.js';
import type { ProviderEvent } from './providers/provider.js';

export type WebhookAnswer = { received: true; handled: string };

/**
 * The payment a session event is about: the one we stored that session id on. The metadata is not
 * trusted (anyone with the API key can set it, and other software on the account may use the same
 * names); a session we never stored (its checkout was abandoned or replaced while starting) is ignored.
 */
async function stripePaymentFor(app: App, sessionId: string): Promise<RecordOf<'payments'> | null> {
  if (!sessionId) return null;
  return findPaymentBy(app, { provider: 'stripe', providerRef: sessionId });
}

export async function handleStripeWebhook(
  app: App,
  rawBody: Buffer,
  signature: string,
): Promise<WebhookAnswer> {
  const secret = app.settings.get().payments.stripeWebhookSecret;
  if (!secret) throw ApiError.badRequest('Stripe webhooks are not configured.');
  let event: ProviderEvent;
  try {
    event = providerNamed(app, 'stripe').parseWebhook(rawBody, signature);
  } catch {
    throw ApiError.badRequest('The webhook signature could not be verified.');
  }
  const actor = systemActor('stripe-webhook');
  switch (event.kind) {
    case 'paid': {
      const payment = await stripePaymentFor(app, event.providerRef);
      if (!payment) return { received: true, handled: 'unknown payment' };
      await fulfilPayment(app, payment.id, event.providerPaymentRef, actor);
      return { received: true, handled: 'paid' };
    }
    case 'cancelled':
    case 'failed': {
      const payment = await stripePaymentFor(app, event.providerRef);
      if (!payment) return { received: true, handled: 'unknown payment' };
      await closePayment(app, payment.id, event.kind, event.reason, actor);
      return { received: true, handled: event.kind };
    }
    case 'refunded': {
      const payment = await findPaymentBy(app, {
        provider: 'stripe',
        providerPaymentRef: event.providerPaymentRef,
      });
      if (!payment) return { received: true, handled: 'unknown payment' };
      if (isRefundOwed(payment)) await markOwedRefunded(app, payment.id);
      else await markRefunded(app, payment.id, actor, 'refunded in Stripe');
      return { received: true, handled: 'refunded' };
    }
    case 'refund_failed': {
      const payment = await findPaymentBy(app, {
        provider: 'stripe',
        providerPaymentRef: event.providerPaymentRef,
      });
      if (!payment) return { received: true, handled: 'unknown payment' };
      await markRefundFailed(app, payment.id, event.reason);
      return { received: true, handled: 'refund failed' };
    }
    default:
      return { received: true, handled: 'ignored' };
  }
}
