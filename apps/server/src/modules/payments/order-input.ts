/** What a buyer asks a quote or a checkout for: a package and maybe a coupon code. */
import { ApiError } from '../../core/errors.js';

export type OrderInput = { packageId: string; couponCode: string };

/**
 * Reads `{package, coupon?}` from a request body.
 * @throws {ApiError} 400 with `data.package` / `data.coupon` for a missing or malformed value.
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
  return { packageId: pkg.trim(), couponCode: coupon.trim() };
}
