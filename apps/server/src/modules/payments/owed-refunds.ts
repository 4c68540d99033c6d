/**
 * Money owed back: a payment the provider charged that then failed on our side (its coupon lapsed
 * before the payment went through, ADR 008) must be refunded. The refund is tried at once; when
 * the provider is unreachable, or the server stopped in between, it stays owed — `failed`, charged
 * (`providerPaymentRef`), no `refundedAt` — and is tried again by the `__owedRefunds__` cron and
 * by an operator's refund call, until `refundedAt` records that the money is back. The provider
 * call carries an idempotency key, so a retry after a lost answer never refunds twice.
 */
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { nowString } from '../../tools/dates.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { lockPayment, savePayment } from './payment-store.js';
import { providerNamed } from './providers/index.js';
import { refundKey } from './refund-amount.js';
import { recordOf, type RecordOf } from '../record-of.js';

/** The SQL test of `isRefundOwed`, for queries over the payments table. */
export const OWED_SQL = `"status" = 'failed' AND "providerPaymentRef" <> '' AND "refundedAt" = '' AND "amountCents" > 0`;

export function isRefundOwed(data: RecordData): boolean {
  const payment = recordOf('payments', data);
  return (
    payment.status === 'failed' &&
    Boolean(payment.providerPaymentRef) &&
    !payment.refundedAt &&
    payment.amountCents > 0
  );
}

/**
 * Refunds an owed payment at its provider and records it (once, under the payment's lock).
 * @throws {ProviderError} when the provider refuses or cannot be reached; the refund stays owed.
 * @returns the payment as stored afterwards.
 */
export async function refundOwed(app: App, payment: RecordOf<'payments'>): Promise<RecordData> {
  if (!isRefundOwed(payment)) return payment;
  const amountCents = payment.amountCents;
  await providerNamed(app, payment.provider).refund(payment, {
    amountCents,
    key: refundKey(payment),
  });
  return (await markOwedRefunded(app, payment.id)) ?? payment;
}

/** Records that an owed refund was made (by us, or in Stripe's dashboard); once. */
export async function markOwedRefunded(app: App, id: string): Promise<RecordData | null> {
  const saved = await inTransaction(app.db, async (tx, later) => {
    const current = await lockPayment(app, tx, id);
    if (!current || !isRefundOwed(current)) return current;
    current.refundedAt = nowString();
    await savePayment(app, tx, current, later, 'update');
    return current;
  });
  return saved;
}

/** Tries every owed refund (oldest first, at most `limit`); a failure is logged and left owed. */
export async function sweepOwedRefunds(app: App, limit = 20): Promise<{ refunded: number; failed: number }> {
  const rows = await app.db.all<{ id: string }>(
    `SELECT "id" FROM "payments" WHERE ${OWED_SQL} ORDER BY "updated" LIMIT ${Math.max(1, Math.floor(limit))}`,
  );
  const tally = { refunded: 0, failed: 0 };
  const collection = app.registry.require('payments');
  for (const { id } of rows) {
    const payment = recordOf('payments', await app.records.findById(collection, id));
    if (!payment) continue;
    try {
      await refundOwed(app, payment);
      tally.refunded++;
    } catch (err) {
      tally.failed++;
      console.error(
        `[payments] refund owed on payment ${id} failed again; will retry:`,
        (err as Error).message,
      );
    }
  }
  return tally;
}
