/** The seats a team payment bought, given to the team once paid and taken back at a refund. */
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { PurchaseOutcome } from '../payments/purchasable.js';
import { addSeats, removeUnusedSeats } from './seats.js';
import { recordOf, type RecordOf } from '../record-of.js';

/** The seats `quantity` of `pkg` (a team package) add. */
export function seatsOf(pkg: RecordOf<'packages'> | null, quantity: number): number {
  return Math.max(0, pkg?.seats || 0) * Math.max(1, quantity || 1);
}

/** The seats `payment` bought, from its package (a team package's `seats`) and quantity. */
export async function seatsBought(app: App, db: Db, payment: RecordOf<'payments'>): Promise<number> {
  const pkg = recordOf(
    'packages',
    await app.records.findById(app.registry.require('packages'), payment.package, db),
  );
  return seatsOf(pkg, payment.quantity);
}

type SeatsOutcome = PurchaseOutcome<RecordOf<'teams'>>;

async function emitTeam(o: SeatsOutcome): Promise<void> {
  const teams = o.app.registry.require('teams');
  const record = await o.app.records.findById(teams, o.payment.team, o.tx);
  if (record) o.later.add(() => o.app.events.emit({ action: 'update', collection: teams, record }));
}

/** The payment is paid: the team (`o.item`, locked) gains its seats. */
export async function grantSeats(o: SeatsOutcome): Promise<void> {
  if (!o.item) return;
  await addSeats(o.tx, o.item.id, await seatsBought(o.app, o.tx, o.payment));
  await emitTeam(o);
}

/** The payment is refunded: the team loses its seats again, never below those its members use. */
export async function takeBackSeats(o: SeatsOutcome): Promise<void> {
  if (!o.item) return;
  await removeUnusedSeats(o.tx, o.item.id, await seatsBought(o.app, o.tx, o.payment));
  await emitTeam(o);
}
