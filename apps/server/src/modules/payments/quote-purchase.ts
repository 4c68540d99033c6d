/**
 * The quote of any purchasable (`POST /api/photoshoots/{id}/quote`, `POST /api/teams/{id}/quote`):
 * the price breakdown for the chosen package, quantity and coupon, refused by the same rules as
 * its checkout (the item's `check` at the `quote` stage), so a quote never prices what checkout
 * would refuse.
 */
import type { App } from '../../core/app.js';
import type { Caller } from '../../core/records/caller.js';
import type { OrderInput } from '@photoshoot/contract';
import { resolveOrder } from './order.js';
import { purchasableNamed } from './purchasables.js';
import type { Quote } from './quote.js';
import { quantityOf } from './start-purchase.js';

export async function quotePurchase(
  app: App,
  caller: Caller,
  kind: string,
  itemId: string,
  input: OrderInput,
): Promise<Quote & Record<string, unknown>> {
  const p = purchasableNamed(app, kind);
  const item = await p.sale.item(app, app.db, caller, itemId, 'quote');
  const order = await resolveOrder(
    app,
    app.db,
    { ...input, quantity: quantityOf(p, input) },
    p.sale.packageKind,
  );
  await p.sale.check?.(app, app.db, item, order.pkg, 'quote');
  return { ...order.quote, ...p.sale.quoteExtras?.(order.pkg, order.quantity) };
}
