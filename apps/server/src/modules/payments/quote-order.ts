/**
 * `POST /api/photoshoots/{id}/quote`: the breakdown for the owner's chosen package and coupon,
 * refused by the same order rules as checkout (`checkOrderRules`).
 */
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import { checkOrderRules } from './checkout-readiness.js';
import { readOrderInput } from './order-input.js';
import { resolveOrder } from './order.js';
import { buyerId, ownedPhotoshoot } from './owned-photoshoot.js';
import type { Quote } from './quote.js';

export async function quoteOrder(
  app: App,
  caller: Caller,
  photoshootId: string,
  body: Record<string, unknown>,
): Promise<Quote> {
  const photoshoot = await ownedPhotoshoot(app, app.db, buyerId(caller), photoshootId);
  const order = await resolveOrder(app, app.db, readOrderInput(body));
  await checkOrderRules(app, app.db, photoshoot, order.pkg, 'quote');
  return order.quote;
}
