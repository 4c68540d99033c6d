/**
 * Fulfilment: a payment the provider reports as paid becomes `paid`, what it bought is told (a
 * photoshoot moves to `queued`), its
 * coupon is re-validated and its use counted, and a receipt goes out, exactly once however many
 * times and in whatever order the webhook, the verify call and the sandbox report it. The guard is
 * the payment's status, re-read under lock in the one transaction that changes it: only the caller
 * that finds it `pending` does anything; every later (or concurrent, now waiting) caller finds it
 * settled.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { RecordOf } from '../record-of.js';
import { systemActor, type Actor } from '../../core/records/actor.js';
import { nowString } from '../../tools/dates.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { findPayment, lockPayment, savePayment } from './payment-store.js';
import { purchasableOf } from './purchasables.js';
import { queueReceipt } from './receipt.js';
import { couponLapsedReason, couponLapsedTransition, redeemAtPayment } from './coupon-at-payment.js';
import { refundOwed } from './owed-refunds.js';

/**
 * Settles payment `paymentId` as paid by the provider (`providerPaymentRef`: what a refund needs).
 * When its coupon is no longer valid (deleted, deactivated, expired or used up since checkout) the
 * payment fails instead: the amount is refunded and the photoshoot returns to draft, so a discount
 * is given only while its coupon holds, and exactly as many times as the coupon allows.
 * @returns the payment as stored afterwards.
 */
export async function fulfilPayment(
  app: App,
  paymentId: string,
  providerPaymentRef: string,
  actor: Actor = systemActor('payments'),
): Promise<RecordData> {
  const seen = await findPayment(app, paymentId);
  if (!seen) throw ApiError.notFound();
  if (seen.status !== 'pending') return seen;
  let refund = false;
  const bought = purchasableOf(app, seen);
  const payment = await inTransaction(app.db, async (tx, later) => {
    const item = await bought.lock(app, tx, seen);
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== 'pending') return payment ?? seen;
    if (providerPaymentRef) payment.providerPaymentRef = providerPaymentRef;

    const lapsed = await redeemAtPayment(app, tx, payment, later.add);
    if (lapsed) {
      payment.status = 'failed';
      payment.failureReason = couponLapsedReason(payment.couponCode, lapsed);
      await savePayment(app, tx, payment, later, 'update');
      const reason = couponLapsedTransition(lapsed);
      await bought.onCouponLapsed({ app, tx, payment, item, actor, later, reason });
      refund = payment.amountCents > 0;
      return payment;
    }

    payment.status = 'paid';
    payment.paidAt = nowString();
    await savePayment(app, tx, payment, later, 'update');
    await bought.onPaid({ app, tx, payment, item, actor, later, reason: 'the payment succeeded' });
    // note: queued in this transaction, so a paid payment always has its receipt on the way.
    await queueReceipt(app, tx, payment, item, later);
    return payment;
  });
  if (refund) await refundLapsedCoupon(app, payment);
  return payment;
}

/** Gives the money of a payment that lost its coupon back; a failure leaves the refund owed. */
async function refundLapsedCoupon(app: App, payment: RecordOf<'payments'>): Promise<void> {
  try {
    Object.assign(payment, await refundOwed(app, payment));
  } catch (err) {
    console.error(
      `[payments] refunding payment ${payment.id} after its coupon lapsed failed; it stays owed and is retried:`,
      (err as Error).message,
    );
  }
}
