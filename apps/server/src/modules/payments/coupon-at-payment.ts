/**
 * The coupon of a payment the provider reports as paid: checked again and its use counted inside
 * the fulfilment transaction, so the discount is given only while the coupon is still valid —
 * not deleted, deactivated, expired or used up since checkout — and counted exactly once.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordOf } from '../record-of.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { couponProblem, couponStateProblem, usedUpProblem, type CouponProblem } from './coupon-check.js';
import { redeemCoupon } from './redeem-coupon.js';

/**
 * Re-validates the coupon `payment` was discounted with and counts its use; null when it was
 * counted (or the payment has no discount to honour), otherwise why it can no longer be used.
 * Call inside the fulfilment transaction, after the photoshoot and payment locks.
 */
export async function redeemAtPayment(
  app: App,
  tx: Db,
  payment: RecordOf<'payments'>,
  afterCommit: (fn: () => void) => void,
  now = new Date(),
): Promise<CouponProblem | null> {
  const code = payment.couponCode ?? '';
  if (!code || !(payment.discountCents > 0)) return null;
  // note: deleting a coupon unsets `payments.coupon`; the code we stored still says one was used.
  const couponId = payment.coupon ?? '';
  // Locked last (after photoshoot and payment, as everywhere) so an operator's edit of the coupon
  // waits for this check and count, or this waits for the edit and sees it.
  const coupon = couponId ? await lockRecord(tx, app.registry.require('coupons'), couponId) : null;
  const pkg = payment.package
    ? await app.records.findById(app.registry.require('packages'), payment.package, tx)
    : null;
  const problem = pkg ? couponProblem(code, coupon, pkg, now) : couponStateProblem(code, coupon, now);
  if (problem) return problem;
  return (await redeemCoupon(app, tx, couponId, afterCommit)) ? null : usedUpProblem(code);
}

/** What happened to the coupon, as the end of "The coupon X … before your payment went through". */
function lapse(problem: CouponProblem): string {
  switch (problem.code) {
    case 'validation_coupon_used_up':
      return 'was used up';
    case 'validation_coupon_expired':
      return 'expired';
    case 'validation_coupon_inactive':
    case 'validation_coupon_not_found':
      return 'was withdrawn';
    default:
      return 'stopped applying to this order';
  }
}

/** The sentence the payment-return page shows for a payment failed because of its coupon. */
export function couponLapsedReason(code: string, problem: CouponProblem): string {
  return (
    `The coupon ${code} ${lapse(problem)} before your payment went through, so the payment was refunded in full. ` +
    'Please check out again.'
  );
}

/** The photoshoot's transition reason for the same failure. */
export function couponLapsedTransition(problem: CouponProblem): string {
  return `the coupon ${lapse(problem)} before payment`;
}
