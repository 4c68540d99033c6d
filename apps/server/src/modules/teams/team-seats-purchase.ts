/**
 * Team seats as something a payment buys: paid → the team gains the package's seats times the
 * quantity; refunded → it loses them again, but never below the seats its members already use.
 * A closed checkout or a lapsed coupon changes nothing (seats are only added once paid).
 */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Purchasable, PurchaseOutcome } from '../payments/purchasables.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { addSeats, removeUnusedSeats } from './seats.js';

/** The seats `payment` bought, from its package (a team package's `seats`) and quantity. */
export async function seatsBought(app: App, db: Db, payment: RecordData): Promise<number> {
  const pkg = await app.records.findById(app.registry.require('packages'), String(payment.package), db);
  return Math.max(0, Number(pkg?.seats) || 0) * Math.max(1, Number(payment.quantity) || 1);
}

async function emitTeam(o: PurchaseOutcome): Promise<void> {
  const teams = o.app.registry.require('teams');
  const record = await o.app.records.findById(teams, String(o.payment.team), o.tx);
  if (record) o.later.add(() => o.app.events.emit({ action: 'update', collection: teams, record }));
}

export const teamSeatsPurchase: Purchasable = {
  kind: 'team_seats',
  field: 'team',
  lock: async (app, tx, payment) => lockRecord(tx, app.registry.require('teams'), String(payment.team)),
  onPaid: async (o) => {
    if (!o.item) return;
    await addSeats(o.tx, String(o.item.id), await seatsBought(o.app, o.tx, o.payment));
    await emitTeam(o);
  },
  onClosed: async () => undefined,
  onCouponLapsed: async () => undefined,
  refundRefusal: async () => null,
  onRefunded: async (o) => {
    if (!o.item) return;
    await removeUnusedSeats(o.tx, String(o.item.id), await seatsBought(o.app, o.tx, o.payment));
    await emitTeam(o);
  },
};
