/**
 * `POST /api/payments/{id}/verify`: the payment-return page asks, we ask the provider, and settle
 * the payment the same way a webhook would (fulfilment is exactly-once, so both may happen).
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { systemActor } from '../../core/records/actor.js';
import { closePayment } from './close-payment.js';
import { fulfilPayment } from './fulfil.js';
import { visiblePayment } from './payment-access.js';
import { providerNamed } from './providers/index.js';
import { ProviderError } from './providers/provider.js';

export async function verifyPayment(app: App, caller: Caller, id: string): Promise<RecordData> {
  const payment = await visiblePayment(app, caller, id);
  if (payment.status !== 'pending' || payment.provider === 'free' || !payment.providerRef) return payment;
  const actor = systemActor('payment-verify');
  let state;
  try {
    state = await providerNamed(app, payment.provider).retrieve(payment);
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : 'The payment provider did not answer.';
    throw ApiError.badRequest(`${message} Please try again in a moment.`);
  }
  switch (state.state) {
    case 'paid':
      return fulfilPayment(app, id, state.providerPaymentRef, actor);
    case 'cancelled':
    case 'failed':
      return closePayment(app, id, state.state, state.reason, actor);
    default:
      return payment;
  }
}
