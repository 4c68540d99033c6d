/**
 * Refunds: an operator's (`POST /api/admin/payments/{id}/refund`) and one made in Stripe's dashboard
 * (the `charge.refunded` webhook). The money goes back at the provider first; the payment becomes
 * `refunded` and its photoshoot `refunded` once, under the same locks as fulfilment. The coupon use
 * stays counted: the coupon was spent on an order that happened.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../photoshoots/actor.js';
import { nowString } from '../../tools/dates.js';
import { AfterCommit } from './after-commit.js';
import { findPayment, lockPayment, savePayment } from './payment-store.js';
import { purchasableOf } from './purchasables.js';
import { isRefundOwed, refundOwed } from './owed-refunds.js';
import { providerNamed } from './providers/index.js';
import { ProviderError } from './providers/provider.js';
import { composeRefundMail, refundRef } from './refund-mail.js';

/** Marks a paid payment refunded (and what it bought, as that kind decides); once. */
export async function markRefunded(
  app: App,
  paymentId: string,
  actor: Actor,
  reason: string,
): Promise<RecordData> {
  const seen = await findPayment(app, paymentId);
  if (!seen) throw ApiError.notFound();
  if (seen.status !== 'paid') return seen;
  const later = new AfterCommit();
  const bought = purchasableOf(app, seen);
  const payment = await app.db.transaction(async (tx) => {
    const item = await bought.lock(app, tx, seen);
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== 'paid') return payment ?? seen;
    Object.assign(payment, { status: 'refunded', refundedAt: nowString() });
    await savePayment(app, tx, payment, later, 'update');
    await bought.onRefunded({ app, tx, payment, item, actor, later, reason });
    // note: queued in this transaction, so the buyer hears of a committed refund once.
    const notice = await composeRefundMail(app, tx, payment);
    if (notice) {
      await app.mailer.queue(notice, { db: tx, ref: refundRef(String(payment.id)) });
      later.add(() => app.mailer.deliverQueued());
    }
    return payment;
  });
  later.run();
  return payment;
}

/**
 * Refunds a paid payment (and its photoshoot), or a refund still owed on a failed one.
 * @throws {ApiError} 404 for no such payment; 400 when it is not paid, when its photoshoot is in a
 *   state that cannot be refunded (not yet paid for), or when the provider refuses.
 */
export async function refundPayment(app: App, paymentId: string, actor: Actor): Promise<RecordData> {
  const payment = await findPayment(app, paymentId);
  if (!payment) throw ApiError.notFound();
  // A payment that failed after the money was taken (ADR 008) is refunded here too, at once.
  if (isRefundOwed(payment)) return refundAtProvider(() => refundOwed(app, payment));
  if (payment.status !== 'paid') {
    const message = `Only a paid payment can be refunded; this one is ${String(payment.status)}.`;
    throw ApiError.badRequest(message, { status: { code: 'validation_not_paid', message } });
  }
  const why = await purchasableOf(app, payment).refundRefusal(app, payment, actor);
  if (why)
    throw ApiError.badRequest(why, { status: { code: 'validation_invalid_transition', message: why } });
  if (payment.provider !== 'free' && Number(payment.amountCents) > 0) {
    await refundAtProvider(() => providerNamed(app, String(payment.provider)).refund(payment));
  }
  return markRefunded(app, paymentId, actor, 'the payment was refunded');
}

/** Runs a provider refund; its refusal becomes a 400 that says why. */
async function refundAtProvider<T>(refund: () => Promise<T>): Promise<T> {
  try {
    return await refund();
  } catch (err) {
    const message = err instanceof ProviderError ? err.message : 'The payment provider did not answer.';
    throw ApiError.badRequest(message);
  }
}
