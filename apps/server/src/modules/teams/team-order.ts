/** What a team admin orders: a team package, how many of it, and maybe a coupon. */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { readOrderInput, type OrderInput } from '../payments/order-input.js';
import { resolveOrder, type ResolvedOrder } from '../payments/order.js';

/** The most any order may ask for; each package allows up to its own `maxQuantity`. */
export const MAX_TEAM_QUANTITY = 1000;

export type TeamOrderInput = OrderInput & { quantity: number };

/** Reads `{package, quantity?, coupon?}`; @throws {ApiError} 400 with the field at fault. */
export function readTeamOrder(body: Record<string, unknown>): TeamOrderInput {
  const input = readOrderInput(body);
  const quantity = body.quantity ?? 1;
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < 1 ||
    quantity > MAX_TEAM_QUANTITY
  ) {
    const message = `The quantity must be a whole number from 1 to ${MAX_TEAM_QUANTITY}.`;
    throw ApiError.badRequest(message, {
      quantity: { code: 'validation_invalid_quantity', message, params: { min: 1, max: MAX_TEAM_QUANTITY } },
    });
  }
  return { ...input, quantity };
}

function quantityError(max: number): ApiError {
  const message =
    max > 1 ? `This package can be bought 1 to ${max} at a time.` : 'This package is bought one at a time.';
  return ApiError.badRequest(message, {
    quantity: { code: 'validation_invalid_quantity', message, params: { min: 1, max } },
  });
}

/** The package (a team one), coupon and quote for `quantity` of it, as far as the package allows. */
export async function resolveTeamOrder(app: App, db: Db, input: TeamOrderInput): Promise<ResolvedOrder> {
  const order = await resolveOrder(app, db, input, 'team', input.quantity);
  const max = Math.max(1, Number(order.pkg.maxQuantity) || 0);
  if (input.quantity > max) throw quantityError(max);
  return order;
}
