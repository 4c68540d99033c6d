/**
 * Refunds: an operator's (`POST /api/admin/payments/{id}/refund`) and one made in Stripe's dashboard
 * (the `charge.refunded` webhook). The money goes back at the provider first; the payment becomes
 * `refunded` and its photoshoot `refunded` once, under the same locks as fulfilment. An operator
 * may give back a part: `refundedCents` grows and the order stands until what is left goes back.
 * The coupon use stays counted: the coupon was spent on an order that happened.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../../core/records/actor.js';
import type { RefundInput } from '@photoshoot/contract';
import { nowString } from '../../tools/dates.js';
import { inTransaction, type AfterCommit } from '../../core/db/after-commit.js';
import { findPayment, lockPayment, savePayment } from './payment-store.js';
import { purchasableOf } from './purchasables.js';
import { isRefundOwed, refundOwed } from './owed-refunds.js';
import { providerNamed } from './providers/index.js';
import { ProviderError } from './providers/provider.js';
import { composeRefundMail, refundRef } from './refund-mail.js';
import type { RecordOf } from '../record-of.js';
import { readRefundAmount, refundableCents, refundKey } from './refund-amount.js';

/** Marks a paid payment refunded (and what it bought, as that kind decides); once. */
export async function markRefunded(
  app: App,
  paymentId: string,
  actor: Actor,
  reason: string,
): Promise<RecordData> {
  const seen = await findPayment(app, paymentId);
  if (!seen) throw ApiError.notFound();
  // A refund that had failed was made again (in Stripe's dashboard): what it bought was already let go.
  if (seen.status === 'refund_failed')
    return setRefundState(app, paymentId, 'refund_failed', {
      status: 'refunded',
      refundedAt: nowString(),
      failureReason: '',
    });
  if (seen.status !== 'paid') return seen;
  const bought = purchasableOf(app, seen);
  const payment = await inTransaction(app.db, async (tx, later) => {
    const item = await bought.lock(app, tx, seen);
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== 'paid') return payment ?? seen;
    const rest = refundableCents(payment);
    const before = payment.refundedCents ?? 0;
    Object.assign(payment, {
      status: 'refunded',
      refundedAt: nowString(),
      refundedCents: payment.amountCents,
    });
    await savePayment(app, tx, payment, later, 'update');
    await bought.onRefunded({ app, tx, payment, item, actor, later, reason });
    await queueRefundMail(app, tx, payment, rest, before, later);
    return payment;
  });
  return payment;
}

/**
 * Records a part of a paid payment given back (`amountCents`, after `before` given back earlier);
 * the order stands. Once: a second record of the same refund finds `refundedCents` moved on.
 */
async function markPartlyRefunded(
  app: App,
  paymentId: string,
  before: number,
  amountCents: number,
): Promise<RecordData> {
  const saved = await inTransaction(app.db, async (tx, later) => {
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== 'paid' || (payment.refundedCents ?? 0) !== before) return payment;
    payment.refundedCents = before + amountCents;
    await savePayment(app, tx, payment, later, 'update');
    await queueRefundMail(app, tx, payment, amountCents, before, later);
    return payment;
  });
  if (!saved) throw ApiError.notFound();
  return saved;
}

/** Queues the buyer's notice of a refund in the transaction that records it: sent once, if it commits. */
async function queueRefundMail(
  app: App,
  tx: Db,
  payment: RecordOf<'payments'>,
  amountCents: number,
  before: number,
  later: AfterCommit,
): Promise<void> {
  const notice = await composeRefundMail(app, tx, payment, amountCents);
  if (!notice) return;
  await app.mailer.queue(notice, { db: tx, ref: refundRef(payment.id, before) });
  later.add(() => app.mailer.deliverQueued());
}

/**
 * The provider reports that a refund did not go through (the money stayed with us): a refunded
 * payment becomes `refund_failed` with the provider's reason, for an operator to see in the back
 * office and settle with the buyer; an owed refund (a failed payment) is owed again, so the owed
 * refunds sweep and the overview count it. What the payment bought stays let go.
 */
export async function markRefundFailed(
  app: App,
  paymentId: string,
  reason: string,
): Promise<RecordData | null> {
  const seen = await findPayment(app, paymentId);
  if (!seen) return null;
  if (seen.status === 'refunded')
    return setRefundState(app, paymentId, 'refunded', {
      status: 'refund_failed',
      refundedAt: '',
      failureReason: reason.slice(0, 500),
    });
  if (seen.status === 'failed' && seen.refundedAt)
    return setRefundState(app, paymentId, 'failed', { refundedAt: '' });
  return seen;
}

/** Applies `changes` to the payment under its lock if it is still in `from`; once. */
async function setRefundState(
  app: App,
  paymentId: string,
  from: string,
  changes: RecordData,
): Promise<RecordData> {
  const saved = await inTransaction(app.db, async (tx, later) => {
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== from) return payment;
    Object.assign(payment, changes);
    await savePayment(app, tx, payment, later, 'update');
    return payment;
  });
  if (!saved) throw ApiError.notFound();
  return saved;
}

/**
 * Refunds a paid payment: all that is left of it (the order is refunded: its photoshoot, or the
 * seats it bought), or a part (`body.amountCents`; the order stands). Also retries a refund still
 * owed on a failed payment, which is always the whole amount.
 * @throws {ApiError} 404 for no such payment; 400 when it is not paid, when the amount is not one
 *   that can be refunded, when its photoshoot is in a state that cannot be refunded (not yet paid
 *   for), or when the provider refuses.
 */
export async function refundPayment(
  app: App,
  paymentId: string,
  actor: Actor,
  body: RefundInput = {},
): Promise<RecordData> {
  const payment = await findPayment(app, paymentId);
  if (!payment) throw ApiError.notFound();
  // A payment that failed after the money was taken (ADR 008) is refunded here too, at once.
  if (isRefundOwed(payment)) {
    readRefundAmount({ ...body, amountCents: body.amountCents ?? payment.amountCents }, payment);
    if (body.amountCents !== undefined && body.amountCents !== payment.amountCents) {
      const message = 'A refund owed on a failed payment gives back the whole amount.';
      throw ApiError.badRequest(message, { amountCents: { code: 'validation_whole_amount', message } });
    }
    return refundAtProvider(() => refundOwed(app, payment));
  }
  if (payment.status !== 'paid') {
    const message = `Only a paid payment can be refunded; this one is ${payment.status}.`;
    throw ApiError.badRequest(message, { status: { code: 'validation_not_paid', message } });
  }
  const charged = payment.provider !== 'free' && payment.amountCents > 0;
  // note: a free order has nothing to give back; "refunding" it cancels it.
  const amountCents = charged ? readRefundAmount(body, payment) : 0;
  const rest = !charged || amountCents === refundableCents(payment);
  if (rest) {
    const why = await purchasableOf(app, payment).refundRefusal(app, payment, actor);
    if (why)
      throw ApiError.badRequest(why, { status: { code: 'validation_invalid_transition', message: why } });
  }
  if (charged) {
    const request = { amountCents, key: refundKey(payment) };
    await refundAtProvider(() => providerNamed(app, payment.provider).refund(payment, request));
  }
  if (rest) return markRefunded(app, paymentId, actor, 'the payment was refunded');
  return markPartlyRefunded(app, paymentId, payment.refundedCents ?? 0, amountCents);
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
