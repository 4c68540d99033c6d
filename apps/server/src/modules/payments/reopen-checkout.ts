/**
 * A second checkout for an item that holds one open checkout at a time (a photoshoot): the same
 * order on the same provider gets the open one back (a double click, the back button); anything
 * else closes it at the provider (or, if the buyer paid meanwhile, fulfils it) and starts over.
 */
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { parseDate } from '../../tools/dates.js';
import { checkoutProblem, providerMessage, providerUnavailable } from './checkout-problems.js';
import { closePayment } from './close-payment.js';
import { fulfilPayment } from './fulfil.js';
import type { OrderInput } from '@photoshoot/contract';
import { findPayment } from './payment-store.js';
import { providerNamed } from './providers/index.js';
import type { PaymentProvider } from './providers/provider.js';
import type { RecordOf } from '../record-of.js';

export type CheckoutOutcome = { payment: RecordData; url?: string; paid?: true };

/** Longer than a provider call can take (Stripe: 20 s timeout, 2 retries); older starts were abandoned. */
const ABANDONED_START_MS = 2 * 60_000;
const STARTING = 'The checkout is still being opened. Please wait a moment and try again.';

function sameOrder(payment: RecordOf<'payments'>, input: OrderInput, quantity: number): boolean {
  return (
    payment.package === input.packageId &&
    Math.max(1, payment.quantity || 1) === quantity &&
    (payment.couponCode ?? '').toLowerCase() === input.couponCode.toLowerCase()
  );
}

/** @returns the open checkout to hand back, or null once none is open any more. */
export async function reopenCheckout(
  app: App,
  openPaymentId: string,
  input: OrderInput,
  quantity: number,
  provider: PaymentProvider,
): Promise<CheckoutOutcome | null> {
  const open = await findPayment(app, openPaymentId);
  if (!open || open.status !== 'pending') return null;
  if (sameOrder(open, input, quantity) && open.provider === provider.name && open.checkoutUrl) {
    return { payment: open, url: open.checkoutUrl };
  }
  if (!open.providerRef) {
    // note: its provider call is still under way (a double click), unless the server stopped during it.
    const age = Date.now() - (parseDate(open.created)?.getTime() ?? 0);
    if (age < ABANDONED_START_MS) throw checkoutProblem('validation_checkout_starting', STARTING);
    await closePayment(app, open.id, 'cancelled', 'Replaced by a new checkout.');
    return null;
  }
  let state;
  try {
    state = await providerNamed(app, open.provider).cancel(open);
  } catch (err) {
    throw providerUnavailable(providerMessage(err));
  }
  if (state.state === 'paid') await fulfilPayment(app, open.id, state.providerPaymentRef);
  else await closePayment(app, open.id, 'cancelled', 'Replaced by a new checkout.');
  return null;
}
