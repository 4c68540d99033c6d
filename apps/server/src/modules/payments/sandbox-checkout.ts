/**
 * The sandbox provider's side of its checkout page: what is being bought, and the buyer's choice
 * (pay, cancel, or a declined payment to try the failure path). Only while `payments.provider` is
 * `sandbox`; otherwise the endpoints do not exist (404), so nobody can "pay" for free in production.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { systemActor } from '../../core/records/actor.js';
import { closePayment } from './close-payment.js';
import { fulfilPayment } from './fulfil.js';
import { visiblePayment } from './payment-access.js';
import { paymentJson } from './payment-store.js';
import { purchasableOf } from './purchasables.js';
import { recordOf, type RecordOf } from '../record-of.js';
import type { SandboxOutcome } from '@photoshoot/contract';

async function sandboxPayment(app: App, caller: Caller, id: string): Promise<RecordOf<'payments'>> {
  if (app.settings.get().payments.provider !== 'sandbox') throw ApiError.notFound();
  const payment = await visiblePayment(app, caller, id);
  if (payment.provider !== 'sandbox') throw ApiError.notFound();
  return payment;
}

/** The payment record plus the names the checkout page shows. */
export async function describeSandboxPayment(app: App, caller: Caller, id: string) {
  const payment = await sandboxPayment(app, caller, id);
  const pkg = recordOf(
    'packages',
    await app.records.findById(app.registry.require('packages'), payment.package),
  );
  const appURL = app.settings.get().meta.appURL;
  return {
    ...(await paymentJson(app, caller, payment)),
    packageName: pkg?.name ?? '',
    description: purchasableOf(app, payment).describe({ payment, item: null, pkg, appURL }),
  };
}

/** Applies the buyer's choice to a pending sandbox payment; returns the payment afterwards. */
export async function completeSandboxPayment(
  app: App,
  caller: Caller,
  id: string,
  outcome: SandboxOutcome,
): Promise<RecordData> {
  const payment = await sandboxPayment(app, caller, id);
  if (payment.status !== 'pending') {
    const message = `This payment is already ${payment.status}.`;
    throw ApiError.badRequest(message, { status: { code: 'validation_payment_settled', message } });
  }
  const actor = systemActor('sandbox');
  if (outcome === 'paid') return fulfilPayment(app, id, `sandbox_pi_${id}`, actor);
  if (outcome === 'cancelled') return closePayment(app, id, 'cancelled', 'You cancelled the payment.', actor);
  return closePayment(app, id, 'failed', 'The payment was declined (sandbox).', actor);
}
