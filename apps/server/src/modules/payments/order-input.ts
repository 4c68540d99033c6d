/** What a buyer asks a quote or a checkout for: a package, how many of it, and maybe a coupon code. */
import { ApiError } from '../../core/errors.js';

/** The most any order may ask for; each package allows up to its own `maxQuantity`. */
export const MAX_ORDER_QUANTITY = 1000;

export type OrderInput = { packageId: string; couponCode: string; quantity: number };

/**
 * Reads `{package, quantity?, coupon?}` from a request body, the one reading of every quote and
 * checkout body (what is sold one at a time ignores `quantity`).
 * @throws {ApiError} 400 with `data.package` / `data.coupon` / `data.quantity` for a missing or malformed value.
 */
export function readOrderInput(body: Record<string, unknown>): OrderInput {
  const pkg = body.package;
  if (typeof pkg !== 'string' || pkg.trim() === '') {
    const message = 'Choose a package.';
    throw ApiError.badRequest(message, { package: { code: 'validation_required', message } });
  }
  const coupon = body.coupon ?? '';
  if (typeof coupon !== 'string' || coupon.length > 100) {
    const message = 'The coupon code must be text.';
    throw ApiError.badRequest(message, { coupon: { code: 'validation_invalid_value', message } });
  }
  const quantity = body.quantity ?? 1;
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_ORDER_QUANTITY
  ) {
    const message = `The quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY}.`;
    throw ApiError.badRequest(message, {
      quantity: { code: 'validation_invalid_quantity', message, params: { min: 1, max: MAX_ORDER_QUANTITY } },
    });
  }
  return { packageId: pkg.trim(), couponCode: coupon.trim(), quantity };
}
