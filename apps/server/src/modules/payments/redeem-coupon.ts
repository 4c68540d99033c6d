/**
 * Counts one use of a coupon, atomically: the conditional UPDATE succeeds for exactly as many
 * callers as the coupon has uses left, however many run at once (PostgreSQL re-checks the
 * condition after waiting for the row lock; SQLite runs transactions one at a time).
 */
import type { Db } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';

/** True when the use was counted; false when the coupon is used up (or gone). */
export async function redeemCoupon(tx: Db, couponId: string): Promise<boolean> {
  const res = await tx.run(
    `UPDATE "coupons" SET "redemptions" = COALESCE("redemptions", 0) + 1, "updated" = ?
     WHERE "id" = ? AND (COALESCE("maxRedemptions", 0) = 0 OR COALESCE("redemptions", 0) < "maxRedemptions")`,
    [nowString(), couponId],
  );
  return res.changes === 1;
}
