/**
 * The offline provider: the "checkout page" is the web app's `/sandbox/checkout/{paymentId}`, and
 * the buyer's choice there (POST /api/payments/sandbox/{id}/complete) is the provider's answer, so
 * the payment row itself is the sandbox's state. No money moves and nothing leaves the machine.
 */
import { appLink } from '../../../core/mail/app-link.js';
import type { RecordOf } from '../../record-of.js';
import type {
  CheckoutRequest,
  CheckoutStarted,
  PaymentProvider,
  ProviderState,
  RefundRequest,
} from './provider.js';
import { refundableCents } from '../refund-amount.js';
import { ProviderError } from './provider.js';

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly appURL: string) {}

  async createCheckout(request: CheckoutRequest): Promise<CheckoutStarted> {
    const id = request.payment.id;
    return { providerRef: `sandbox_${id}`, url: appLink(this.appURL, `/sandbox/checkout/${id}`) };
  }

  async retrieve(payment: RecordOf<'payments'>): Promise<ProviderState> {
    switch (payment.status) {
      case 'paid':
      case 'refunded':
        return { state: 'paid', providerPaymentRef: payment.providerRef };
      case 'cancelled':
        return { state: 'cancelled', reason: payment.failureReason };
      case 'failed':
        return { state: 'failed', reason: payment.failureReason };
      default:
        return { state: 'open' };
    }
  }

  async cancel(payment: RecordOf<'payments'>): Promise<ProviderState> {
    const now = await this.retrieve(payment);
    return now.state === 'open' ? { state: 'cancelled', reason: 'The checkout was replaced.' } : now;
  }

  /** Moves no money, but refuses what Stripe refuses: nothing, or more than is left. */
  async refund(payment: RecordOf<'payments'>, request: RefundRequest): Promise<void> {
    const left = refundableCents(payment);
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0)
      throw new ProviderError('The sandbox refunds a positive whole number of cents.');
    if (request.amountCents > left)
      throw new ProviderError('The refund is larger than what is left of the payment.');
  }

  parseWebhook(): never {
    throw new ProviderError('The sandbox provider sends no webhooks.');
  }
}
