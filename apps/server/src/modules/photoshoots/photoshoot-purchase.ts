/**
 * A photoshoot as something a payment buys: sold by `photoshootSale`; paid → queued, closed or
 * coupon lapsed → back to draft, refunded → refunded, each only while the photoshoot waits for (or
 * was paid by) that payment and the lifecycle allows the move.
 */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { Purchasable, PurchaseOutcome } from '../payments/purchasable.js';
import type { Actor } from '../../core/records/actor.js';
import { appLink } from '../../core/mail/app-link.js';
import { formatMoney } from '../../core/mail/templates.js';
import { refusal, transition } from './lifecycle.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { photoshootSale } from './photoshoot-sale.js';
import { recordOf, type RecordOf } from '../record-of.js';

/** Whether `photoshoot` is waiting for exactly this payment (its checkout has not been replaced). */
type Photoshoot = RecordOf<'photoshoots'>;

function awaits(photoshoot: Photoshoot | null, payment: RecordOf<'payments'>): photoshoot is Photoshoot {
  return !!photoshoot && photoshoot.status === 'pending_payment' && photoshoot.payment === payment.id;
}

/** Moves the photoshoot to `to` when the lifecycle allows it for the actor. */
async function moveIfAllowed(o: PurchaseOutcome<Photoshoot>, to: string): Promise<void> {
  const photoshoot = o.item;
  if (!photoshoot || refusal(photoshoot.status, to, o.actor)) return;
  await transition(o.app, photoshoot.id, to, o.actor, o.reason, o.tx, o.later.add);
}

async function lock(app: App, tx: Db, payment: RecordOf<'payments'>): Promise<Photoshoot | null> {
  const id = payment.photoshoot;
  return id ? recordOf('photoshoots', await lockRecord(tx, app.registry.require('photoshoots'), id)) : null;
}

export const photoshootPurchase: Purchasable<Photoshoot> = {
  kind: 'photoshoot',
  field: 'photoshoot',
  sale: photoshootSale,
  lock,
  // note: a photoshoot no longer waiting for this payment keeps its state; the money is recorded.
  onPaid: async (o) => {
    if (awaits(o.item, o.payment)) await moveIfAllowed(o, 'queued');
  },
  onClosed: async (o) => {
    if (awaits(o.item, o.payment)) await moveIfAllowed(o, 'draft');
  },
  onCouponLapsed: async (o) => {
    if (awaits(o.item, o.payment)) await moveIfAllowed(o, 'draft');
  },
  async refundRefusal(app: App, payment: RecordOf<'payments'>, actor: Actor) {
    const photoshoots = app.registry.require('photoshoots');
    const photoshoot = recordOf('photoshoots', await app.records.findById(photoshoots, payment.photoshoot));
    if (!photoshoot || photoshoot.payment !== payment.id) return null;
    return refusal(photoshoot.status, 'refunded', actor);
  },
  onRefunded: async (o) => {
    if (o.item?.payment === o.payment.id) await moveIfAllowed(o, 'refunded');
  },
  describe: ({ pkg }) => {
    const name = pkg?.name;
    return name ? `${name} photoshoot` : 'Photoshoot';
  },
  receipt: (o) => {
    const { payment, item } = o;
    const paid = payment.amountCents;
    return {
      lines: item?.title ? [{ label: 'Photoshoot', value: item.title }] : [],
      message:
        paid > 0
          ? `We received your payment of ${formatMoney(paid, payment.currency)}. Your photoshoot is in the queue; we will email you when your portraits are ready.`
          : 'Your order is confirmed. Your photoshoot is in the queue; we will email you when your portraits are ready.',
      action: {
        label: 'Follow your photoshoot',
        url: appLink(o.appURL, `/photoshoot/${payment.photoshoot}/processing`),
      },
    };
  },
  refundNote: {
    partial: 'Your order stands: your photoshoot is not affected.',
    full: 'Your photoshoot is marked refunded.',
  },
  exportColumns: [{ header: 'photoshoot', cell: (p) => p.photoshoot }],
};
