/**
 * How a photoshoot is sold (`startPurchase` / `quotePurchase` with kind `photoshoot`): one
 * individual package for the owner's own draft, which must be ready (photos, styles). Placing the
 * order fixes the money on the photoshoot and moves it to `pending_payment`, or straight to
 * `queued` when nothing was due. A draft holds one open checkout at a time (`photoshoots.payment`).
 */
import { ApiError } from '../../core/errors.js';
import type { Sale } from '../payments/purchasable.js';
import { buyerId } from '../payments/buyer.js';
import { checkOrderRules } from './checkout-readiness.js';
import { transition } from './lifecycle.js';
import { ownedPhotoshoot } from './owned-photoshoot.js';
import { recordOf, type RecordOf } from '../record-of.js';

function notDraft(status: string): ApiError {
  const message =
    status === 'pending_payment'
      ? 'A payment for this photoshoot is already in progress.'
      : 'This photoshoot has already been ordered.';
  return ApiError.badRequest(message, { status: { code: 'validation_photoshoot_not_draft', message } });
}

export const photoshootSale: Sale<RecordOf<'photoshoots'>> = {
  packageKind: 'individual',
  byQuantity: false,
  async item(app, db, caller, id, stage) {
    const checkout = stage === 'checkout';
    const photoshoot = recordOf('photoshoots', await ownedPhotoshoot(app, db, buyerId(caller), id, checkout));
    if (!checkout) return photoshoot;
    if (photoshoot.status !== 'draft') throw notDraft(photoshoot.status);
    if (photoshoot.team) {
      const message = "Team photoshoots are covered by the team's seats.";
      throw ApiError.badRequest(message, { photoshoot: { code: 'validation_team_photoshoot', message } });
    }
    return photoshoot;
  },
  check: (app, db, photoshoot, pkg, stage) => checkOrderRules(app, db, photoshoot, pkg, stage),
  openPayment: (photoshoot) =>
    photoshoot.status === 'pending_payment' && photoshoot.payment ? photoshoot.payment : null,
  async placed({ app, tx, payment, item, actor, later, reason }) {
    const photoshoot = item!;
    Object.assign(photoshoot, {
      package: payment.package,
      coupon: payment.coupon,
      priceCents: payment.priceCents,
      discountCents: payment.discountCents,
      amountDueCents: payment.amountCents,
      currency: payment.currency,
      payment: payment.id,
      updated: payment.updated,
    });
    await app.records.updateRow(app.registry.require('photoshoots'), photoshoot, tx);
    const to = payment.status === 'paid' ? 'queued' : 'pending_payment';
    await transition(app, photoshoot.id, to, actor, reason, tx, later.add);
  },
  itemName: (pkg) => `${pkg.name} photoshoot`,
  returnLinks: ({ id }, payment) => ({
    successPath: `/photoshoot/${id}/payment-return`,
    cancelPath: `/photoshoot/${id}/payment`,
    query: { payment: payment.id },
  }),
};
