/**
 * Counts one use of a coupon, atomically: the conditional UPDATE succeeds for exactly as many
 * callers as the coupon has uses left, however many run at once (PostgreSQL re-checks the
 * condition after waiting for the row lock; SQLite runs transactions one at a time). The UPDATE
 * bypasses the record service, so the coupon's update event is emitted here, once committed: the
 * back office's coupon list shows the new count live.
 */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import { nowString } from '../../tools/dates.js';

/** True when the use was counted; false when the coupon is used up (or gone). */
export async function redeemCoupon(
  app: App,
  tx: Db,
  couponId: string,
  afterCommit: (fn: () => void) => void,
): Promise<boolean> {
  const res = await tx.run(
    `UPDATE "coupons" SET "redemptions" = COALESCE("redemptions", 0) + 1, "updated" = ?
     WHERE "id" = ? AND (COALESCE("maxRedemptions", 0) = 0 OR COALESCE("redemptions", 0) < "maxRedemptions")`,
    [nowString(), couponId],
  );
  if (res.changes !== 1) return false;
  afterCommit(() => {
    announceCoupon(app, couponId).catch((err: unknown) => {
      console.error(`[payments] announcing the use of coupon ${couponId} failed:`, err);
    });
  });
  return true;
}

/** Tells realtime subscribers of `coupons` the coupon's current row (read after the commit). */
async function announceCoupon(app: App, couponId: string): Promise<void> {
  const coupons = app.registry.require('coupons');
  const record = await app.records.findById(coupons, couponId);
  if (record) app.events.emit({ action: 'update', collection: coupons, record });
}
