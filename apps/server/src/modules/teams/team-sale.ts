/**
 * How team seats are sold (`startPurchase` / `quotePurchase` with kind `team_seats`): a team admin
 * (the team group's guard checked the role) buys `quantity` of a team package, each adding its
 * `seats`. Seats are added only once paid (`placed` adds them at once when nothing was due), so
 * every checkout is independent: two open checkouts that are both paid both add their seats.
 */
import { ApiError } from '../../core/errors.js';
import { lockRecord } from '../../core/records/lock-record.js';
import type { Sale } from '../payments/purchasable.js';
import type { Quote } from '../payments/quote.js';
import { grantSeats, seatsOf } from './seats-bought.js';
import { recordOf, type RecordOf } from '../record-of.js';

/** What a team's quote adds to the price: how many packs, and the seats they add. */
function quoteExtras(pkg: RecordOf<'packages'>, quantity: number) {
  return { quantity, seats: seatsOf(pkg, quantity) };
}

/** `POST /api/teams/{id}/quote`'s answer. */
export type TeamQuote = Quote & ReturnType<typeof quoteExtras>;

export const teamSale: Sale<RecordOf<'teams'>> = {
  packageKind: 'team',
  byQuantity: true,
  async item(app, db, _caller, id, stage) {
    const teams = app.registry.require('teams');
    const team = recordOf(
      'teams',
      stage === 'checkout' ? await lockRecord(db, teams, id) : await app.records.findById(teams, id, db),
    );
    if (!team) throw ApiError.notFound();
    return team;
  },
  placed: async (o) => {
    if (o.payment.status === 'paid') await grantSeats(o);
  },
  itemName: (pkg, payment) => {
    const seats = seatsOf(pkg, payment.quantity);
    return `${pkg.name}: ${seats} team seat${seats === 1 ? '' : 's'}`;
  },
  returnLinks: ({ id }, payment) => ({
    successPath: '/teams/payment-return',
    cancelPath: `/teams/${id}/team-packages`,
    query: { payment: payment.id, team: id },
  }),
  quoteExtras,
};
