/**
 * Whether a coupon code can be used for a package, with a sentence the payment page shows when it
 * cannot. Used by the quote, by checkout (re-validated under the photoshoot lock) and again, under
 * the coupon's row lock, when the payment succeeds (see coupon-at-payment.ts).
 */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { parseDate } from '../../tools/dates.js';
import { recordOf, type RecordOf } from '../record-of.js';

export type CouponProblem = { code: string; message: string };

/** Looks a code up case-insensitively (codes are ASCII by their pattern, so LOWER is exact). */
export async function findCoupon(app: App, db: Db, code: string): Promise<RecordOf<'coupons'> | null> {
  const coupons = app.registry.require('coupons');
  const row = await db.get<{ id: string }>(
    `SELECT "id" FROM "coupons" WHERE LOWER("code") = LOWER(?) LIMIT 1`,
    [code],
  );
  return row ? recordOf('coupons', await app.records.findById(coupons, row.id, db)) : null;
}

export function usedUpProblem(code: string): CouponProblem {
  return { code: 'validation_coupon_used_up', message: `The coupon ${code} has been used up.` };
}

/**
 * Why `coupon` (looked up for `code`) cannot be used at all at `now` — gone, inactive, expired,
 * used up — whatever it is bought with; null when it can.
 */
export function couponStateProblem(
  code: string,
  found: RecordData | null,
  now = new Date(),
): CouponProblem | null {
  const coupon = recordOf('coupons', found);
  if (!coupon) return { code: 'validation_coupon_not_found', message: `There is no coupon ${code}.` };
  const label = coupon.code;
  if (!coupon.active) {
    return { code: 'validation_coupon_inactive', message: `The coupon ${label} is no longer valid.` };
  }
  const expires = parseDate(coupon.expiresAt);
  if (expires && expires.getTime() <= now.getTime()) {
    return { code: 'validation_coupon_expired', message: `The coupon ${label} has expired.` };
  }
  const max = coupon.maxRedemptions ?? 0;
  if (max > 0 && (coupon.redemptions ?? 0) >= max) return usedUpProblem(label);
  return null;
}

/** Why `coupon` (looked up for `code`) cannot be used on `pkg` at `now`, or null when it can. */
export function couponProblem(
  code: string,
  found: RecordData | null,
  item: RecordData,
  now = new Date(),
): CouponProblem | null {
  const state = couponStateProblem(code, found, now);
  const coupon = recordOf('coupons', found);
  if (state || !coupon) return state;
  const pkg = recordOf('packages', item);
  const label = coupon.code;
  const appliesTo = coupon.appliesTo || 'any';
  const packages = coupon.packages ?? [];
  if ((appliesTo !== 'any' && appliesTo !== pkg.kind) || (packages.length && !packages.includes(pkg.id))) {
    return {
      code: 'validation_coupon_not_applicable',
      message: `The coupon ${label} cannot be used for the ${pkg.name} package.`,
    };
  }
  const currency = coupon.currency ?? '';
  if (currency && currency !== pkg.currency) {
    return {
      code: 'validation_coupon_wrong_currency',
      message: `The coupon ${label} is for payments in ${currency.toUpperCase()}, not ${pkg.currency.toUpperCase()}.`,
    };
  }
  if (!(coupon.percentOff > 0) && !(coupon.amountOffCents > 0)) {
    return { code: 'validation_coupon_inactive', message: `The coupon ${label} gives no discount.` };
  }
  return null;
}

/** The 400 a coupon problem becomes: the sentence as message and in `data.coupon`. */
export function couponError(problem: CouponProblem): ApiError {
  return ApiError.badRequest(problem.message, { coupon: problem });
}
