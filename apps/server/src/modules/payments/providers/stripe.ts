/**
 * Stripe Checkout through the official SDK. The price is sent as `price_data` built from our
 * package and quote; the payment id travels in the session's metadata (and client_reference_id)
 * for people reading Stripe's dashboard, while webhooks find our row by the session id alone (see
 * stripe-webhook.ts). Idempotency keys derived from
 * the payment id make a retried call create nothing twice.
 */
import Stripe from 'stripe';
import type { RecordOf } from '../../record-of.js';
import type {
  CheckoutRequest,
  CheckoutStarted,
  PaymentProvider,
  ProviderEvent,
  ProviderState,
  RefundRequest,
} from './provider.js';
import { refundableCents } from '../refund-amount.js';
import { ProviderError } from './provider.js';

/**
 * The events the Stripe webhook endpoint must be subscribed to (Dashboard → Developers →
 * Webhooks → the endpoint `/api/payments/stripe/webhook`), and only these are acted on:
 * checkout completion and its delayed-payment outcomes, expiry, refunds made in the dashboard,
 * and refunds that fail after they were made (docs.stripe.com/refunds#failed-refunds: a refund
 * can go from `pending` or `succeeded` to `failed`; Stripe sends `refund.failed`, and on older
 * API versions `charge.refund.updated` with the refund's status `failed`).
 */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'refund.failed',
  'charge.refund.updated',
] as const;

type RefundLike = {
  status: string | null;
  payment_intent: string | { id: string } | null;
  failure_reason?: string | null;
};

/** Where the SDK sends requests; tests point it at a local fake of Stripe's API. */
export type StripeApiTarget = { host: string; port: number; protocol: 'http' | 'https' };

export type StripeProviderConfig = {
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiTarget;
};

type SessionLike = {
  id: string;
  status: string | null;
  payment_status: string;
  payment_intent: string | { id: string } | null;
  metadata: Record<string, string> | null;
  client_reference_id: string | null;
};

function intentId(session: SessionLike): string {
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? '');
}

function stateOf(session: SessionLike): ProviderState {
  if (session.status === 'complete' && ['paid', 'no_payment_required'].includes(session.payment_status)) {
    return { state: 'paid', providerPaymentRef: intentId(session) };
  }
  if (session.status === 'expired') {
    return { state: 'cancelled', reason: 'The checkout expired before it was paid.' };
  }
  return { state: 'open' };
}

function paymentIdOf(session: SessionLike): string {
  return session.metadata?.paymentId || session.client_reference_id || '';
}

/** Turns the SDK's errors into a ProviderError whose message can be shown (no keys, no internals). */
async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    const detail =
      err instanceof Stripe.errors.StripeError && err.type === 'StripeCardError' ? ` ${err.message}` : '';
    throw new ProviderError(`Stripe could not ${what}.${detail}`, { cause: err });
  }
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private client?: Stripe;

  constructor(private readonly config: StripeProviderConfig) {}

  /** The API client, made on first use: verifying a webhook needs only the signing secret. */
  private get stripe(): Stripe {
    if (!this.config.secretKey)
      throw new ProviderError('Stripe is not configured: its secret key is missing.');
    this.client ??= new Stripe(this.config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(this.config.api ?? {}),
    });
    return this.client;
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const p = request.payment;
    const paymentId = p.id;
    const session = await call('start the checkout', () =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: p.currency,
                unit_amount: p.amountCents,
                product_data: {
                  name: request.itemName,
                  ...(request.itemDescription ? { description: request.itemDescription } : {}),
                },
              },
            },
          ],
          client_reference_id: paymentId,
          metadata: { paymentId, photoshootId: p.photoshoot ?? '' },
          payment_intent_data: { metadata: { paymentId } },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: `checkout-${paymentId}` },
      ),
    );
    if (!session.url) throw new ProviderError('Stripe did not return a checkout page.');
    return { providerRef: session.id, url: session.url };
  }

  async retrieve(payment: RecordOf<'payments'>): Promise<ProviderState> {
    const session = await call('report the payment', () =>
      this.stripe.checkout.sessions.retrieve(payment.providerRef),
    );
    return stateOf(session as SessionLike);
  }

  async cancel(payment: RecordOf<'payments'>): Promise<ProviderState> {
    try {
      await this.stripe.checkout.sessions.expire(payment.providerRef);
      return { state: 'cancelled', reason: 'The checkout was replaced.' };
    } catch {
      // note: a session that is already complete or expired cannot be expired; its state says why.
      return this.retrieve(payment);
    }
  }

  async refund(payment: RecordOf<'payments'>, request: RefundRequest): Promise<void> {
    const intent = payment.providerPaymentRef ?? '';
    if (!intent) throw new ProviderError('This payment has no Stripe payment to refund.');
    try {
      await call('refund the payment', () =>
        this.stripe.refunds.create(
          {
            payment_intent: intent,
            amount: request.amountCents,
            metadata: { paymentId: payment.id },
          },
          { idempotencyKey: request.key },
        ),
      );
    } catch (err) {
      // A retry of the last refund after Stripe's idempotency window (or the rest refunded in the
      // dashboard): the charge is refunded in full, as asked. A part of it cannot be "done already".
      const cause = (err as Error).cause;
      const rest = request.amountCents === refundableCents(payment);
      if (rest && cause instanceof Stripe.errors.StripeError && cause.code === 'charge_already_refunded')
        return;
      throw err;
    }
  }

  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent {
    const event = Stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret);
    const object = event.data.object as unknown;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const s = object as SessionLike;
        // note: delayed methods complete the session unpaid; their async_payment_* event follows.
        if (!['paid', 'no_payment_required'].includes(s.payment_status))
          return { kind: 'ignored', type: event.type };
        return {
          kind: 'paid',
          paymentId: paymentIdOf(s),
          providerRef: s.id,
          providerPaymentRef: intentId(s),
        };
      }
      case 'checkout.session.expired': {
        const s = object as SessionLike;
        const reason = 'The checkout expired before it was paid.';
        return { kind: 'cancelled', paymentId: paymentIdOf(s), providerRef: s.id, reason };
      }
      case 'checkout.session.async_payment_failed': {
        const s = object as SessionLike;
        const reason = 'The bank declined the payment.';
        return { kind: 'failed', paymentId: paymentIdOf(s), providerRef: s.id, reason };
      }
      case 'charge.refunded': {
        const charge = object as { payment_intent: string | { id: string } | null; refunded: boolean };
        const pi = charge.payment_intent;
        const ref = typeof pi === 'string' ? pi : (pi?.id ?? '');
        // note: a partial refund (made in Stripe's dashboard) leaves the order standing.
        if (!charge.refunded || !ref) return { kind: 'ignored', type: event.type };
        return { kind: 'refunded', providerPaymentRef: ref };
      }
      case 'refund.failed':
      case 'charge.refund.updated': {
        const refund = object as RefundLike;
        const pi = refund.payment_intent;
        const ref = typeof pi === 'string' ? pi : (pi?.id ?? '');
        // note: charge.refund.updated also reports refunds still pending or that went through.
        if (refund.status !== 'failed' || !ref) return { kind: 'ignored', type: event.type };
        const why = refund.failure_reason ? ` (${refund.failure_reason.replace(/_/g, ' ')})` : '';
        return {
          kind: 'refund_failed',
          providerPaymentRef: ref,
          reason: `Stripe could not return the money${why}: the buyer was not refunded.`,
        };
      }
      default:
        return { kind: 'ignored', type: event.type };
    }
  }
}
