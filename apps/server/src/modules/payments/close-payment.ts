/**
 * A payment that will not be paid (cancelled by the buyer, expired, declined, replaced by a new
 * checkout) is closed once, under the same locks as fulfilment, and its photoshoot returns to draft.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { systemActor, type Actor } from '../../core/records/actor.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { findPayment, lockPayment, savePayment } from './payment-store.js';
import { purchasableOf } from './purchasables.js';

/** @returns the payment as stored afterwards (unchanged when it was no longer pending). */
export async function closePayment(
  app: App,
  paymentId: string,
  status: 'cancelled' | 'failed',
  reason: string,
  actor: Actor = systemActor('payments'),
): Promise<RecordData> {
  const seen = await findPayment(app, paymentId);
  if (!seen) throw ApiError.notFound();
  if (seen.status !== 'pending') return seen;
  const bought = purchasableOf(app, seen);
  const payment = await inTransaction(app.db, async (tx, later) => {
    const item = await bought.lock(app, tx, seen);
    const payment = await lockPayment(app, tx, paymentId);
    if (!payment || payment.status !== 'pending') return payment ?? seen;
    payment.status = status;
    payment.failureReason = reason.slice(0, 500);
    await savePayment(app, tx, payment, later, 'update');
    await bought.onClosed({ app, tx, payment, item, actor, later, reason: `payment ${status}: ${reason}` });
    return payment;
  });
  return payment;
}
