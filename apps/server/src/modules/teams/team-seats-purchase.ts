/**
 * Team seats as something a payment buys: sold by `teamSale`; paid → the team gains the package's
 * seats times the quantity; refunded → it loses them again, but never below the seats its members
 * already use. A closed checkout or a lapsed coupon changes nothing (seats are only added once paid).
 */
import { appLink } from '../../core/mail/app-link.js';
import { lockRecord } from '../../core/records/lock-record.js';
import type { Purchasable } from '../payments/purchasable.js';
import { grantSeats, seatsOf, takeBackSeats } from './seats-bought.js';
import { teamSale } from './team-sale.js';
import { recordOf, type RecordOf } from '../record-of.js';

/** "3 team seats (Team seat)". */
function seatsLabel(seats: number, packageName: string): string {
  return `${seats} team seat${seats === 1 ? '' : 's'}${packageName ? ` (${packageName})` : ''}`;
}

export const teamSeatsPurchase: Purchasable<RecordOf<'teams'>> = {
  kind: 'team_seats',
  field: 'team',
  sale: teamSale,
  lock: async (app, tx, payment) =>
    recordOf('teams', await lockRecord(tx, app.registry.require('teams'), payment.team)),
  onPaid: grantSeats,
  onClosed: async () => undefined,
  onCouponLapsed: async () => undefined,
  refundRefusal: async () => null,
  onRefunded: takeBackSeats,
  describe: ({ payment, pkg }) => seatsLabel(seatsOf(pkg, payment.quantity), pkg?.name ?? ''),
  receipt: ({ payment, item, pkg, appURL }) => {
    const seats = seatsOf(pkg, payment.quantity);
    const name = item?.name ?? '';
    return {
      lines: [
        { label: 'Team', value: name },
        { label: 'Seats', value: String(seats) },
      ],
      message: `${seats} seat${seats === 1 ? ' was' : 's were'} added to ${name}. Invite your team: each member's photoshoot uses one seat when they submit their photos.`,
      action: {
        label: 'Open your team',
        url: appLink(appURL, `/teams/${payment.team}`),
      },
    };
  },
  refundNote: {
    partial: 'Your order stands: your team keeps the seats it bought.',
    full: 'The seats of this order that were not used yet were removed from your team.',
  },
  exportColumns: [
    {
      header: 'team',
      expand: 'team',
      cell: (p) => (p.expand as { team?: { name?: unknown } } | undefined)?.team?.name ?? p.team,
    },
  ],
};
