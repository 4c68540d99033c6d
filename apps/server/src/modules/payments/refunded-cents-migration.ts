/** Brings `payments.refundedCents`; payments refunded before it existed were refunded in full. */
import { ensureCollection } from '../../core/db/ddl.js';
import type { Db } from '../../core/db/db.js';
import { payments } from './collections/payments.js';

export async function addRefundedCents(db: Db): Promise<void> {
  await ensureCollection(db, payments);
  await db.run(
    `UPDATE "payments" SET "refundedCents" = "amountCents" WHERE "status" = 'refunded' AND "refundedCents" = 0`,
  );
}
