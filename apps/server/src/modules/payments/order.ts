/**
 * Resolves an order (package + coupon code) for a photoshoot into the package, the coupon and the
 * quote, refusing with a 400 the payment page can show. Shared by the quote and checkout.
 */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { couponError, couponProblem, findCoupon } from './coupon-check.js';
import type { OrderInput } from './order-input.js';
import { priceQuote, type Quote } from './quote.js';

export type ResolvedOrder = { pkg: RecordData; coupon: RecordData | null; quote: Quote };

function packageUnavailable(): ApiError {
  const message = 'That package is not available. Please choose another one.';
  return ApiError.badRequest(message, { package: { code: 'validation_package_unavailable', message } });
}

/** @throws {ApiError} 400 (`data.package`, `data.coupon`) when the package or coupon cannot be used. */
export async function resolveOrder(
  app: App,
  db: Db,
  input: OrderInput,
  kind: 'individual' | 'team' = 'individual',
  quantity = 1,
): Promise<ResolvedOrder> {
  const pkg = await app.records.findById(app.registry.require('packages'), input.packageId, db);
  // note: photoshoots are bought one at a time; team packages are sold with seats.
  if (!pkg || !pkg.active || pkg.kind !== kind) throw packageUnavailable();
  let coupon: RecordData | null = null;
  if (input.couponCode) {
    coupon = await findCoupon(app, db, input.couponCode);
    const problem = couponProblem(input.couponCode, coupon, pkg);
    if (problem) throw couponError(problem);
  }
  // A coupon applies to the whole order: `quantity` packs at the package's price.
  const priced = { ...pkg, priceCents: Math.max(0, Math.trunc(Number(pkg.priceCents) || 0)) * quantity };
  return { pkg, coupon, quote: priceQuote(priced, coupon) };
}
