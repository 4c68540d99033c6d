/**
 * What the payment core needs from whoever takes the money. Providers know nothing of our tables:
 * they get the payment's values and answer in their own terms mapped to these few states.
 */
import type { RecordOf } from '../../record-of.js';

export type CheckoutRequest = {
  payment: RecordOf<'payments'>;
  /** What the buyer sees on the provider's page. */
  itemName: string;
  itemDescription: string;
  customerEmail: string;
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutStarted = { providerRef: string; url: string };

/** A refund of part or all of what is left of a payment; `key` makes a retry of it harmless. */
export type RefundRequest = { amountCents: number; key: string };

/** The provider's view of a payment: still open, paid (with its reference for refunds), or over. */
export type ProviderState =
  | { state: 'open' }
  | { state: 'paid'; providerPaymentRef: string }
  | { state: 'cancelled'; reason: string }
  | { state: 'failed'; reason: string };

/** A verified notification, reduced to what it means for one of our payments. */
export type ProviderEvent =
  | { kind: 'paid'; paymentId: string; providerRef: string; providerPaymentRef: string }
  | { kind: 'cancelled' | 'failed'; paymentId: string; providerRef: string; reason: string }
  | { kind: 'refunded'; providerPaymentRef: string }
  /** A refund we (or the dashboard) made did not go through: the money stayed with us. */
  | { kind: 'refund_failed'; providerPaymentRef: string; reason: string }
  | { kind: 'ignored'; type: string };

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutStarted>;
  retrieve(payment: RecordOf<'payments'>): Promise<ProviderState>;
  /** Closes an open checkout; answers `paid` when it was paid meanwhile and can no longer be closed. */
  cancel(payment: RecordOf<'payments'>): Promise<ProviderState>;
  /**
   * Gives back `amountCents` of the payment (at most what is left of it); a call repeated with the
   * same `key` gives back nothing more.
   */
  refund(payment: RecordOf<'payments'>, request: RefundRequest): Promise<void>;
  /** @throws when the signature does not verify. */
  parseWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

/** A provider refused or could not be reached; the message is safe to show. */
export class ProviderError extends Error {}
