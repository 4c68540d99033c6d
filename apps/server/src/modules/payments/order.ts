/**
 * Resolves an order (package, quantity, coupon code) into the package, the coupon and the quote,
 * refusing with a 400 the buying page can show. Shared by every quote and checkout.
 */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { couponError, couponProblem, findCoupon } from './coupon-check.js';
import { priceQuote, type Quote } from './quote.js';
import { recordOf, type RecordOf } from '../record-of.js';

export type ResolvedOrder = {
  pkg: RecordOf<'packages'>;
  coupon: RecordOf<'coupons'> | null;
  quote: Quote;
  quantity: number;
};

/** What is ordered: the package's id, how many of it and the coupon code as typed. */
export type OrderAsk = { packageId: string; couponCode: string; quantity: number };

function packageUnavailable(): ApiError {
  const message = 'That package is not available. Please choose another one.';
  return ApiError.badRequest(message, { package: { code: 'validation_package_unavailable', message } });
}

function quantityError(max: number): ApiError {
  const message =
    max > 1 ? `This package can be bought 1 to ${max} at a time.` : 'This package is bought one at a time.';
  return ApiError.badRequest(message, {
    quantity: { code: 'validation_invalid_quantity', message, params: { min: 1, max } },
  });
}

/**
 * @param packageKind the `packages.kind` the item is sold with (a photoshoot package is never
 * sold as team seats).
 * @throws {ApiError} 400 (`data.package`, `data.coupon`, `data.quantity`) when the order cannot be placed.
 */
export async function resolveOrder(
  app: App,
  db: Db,
  ask: OrderAsk,
  packageKind: string,
): Promise<ResolvedOrder> {
  const pkg = recordOf(
    'packages',
    await app.records.findById(app.registry.require('packages'), ask.packageId, db),
  );
  if (!pkg || !pkg.active || pkg.kind !== packageKind) throw packageUnavailable();
  let coupon: RecordOf<'coupons'> | null = null;
  if (ask.couponCode) {
    coupon = await findCoupon(app, db, ask.couponCode);
    const problem = couponProblem(ask.couponCode, coupon, pkg);
    if (problem) throw couponError(problem);
  }
  const max = Math.max(1, pkg.maxQuantity || 0);
  if (ask.quantity > max) throw quantityError(max);
  // A coupon applies to the whole order: `quantity` packs at the package's price.
  const quantity = ask.quantity;
  const priced = { ...pkg, priceCents: Math.max(0, Math.trunc(pkg.priceCents || 0)) * quantity };
  return { pkg, coupon, quote: priceQuote(priced, coupon), quantity };
}
