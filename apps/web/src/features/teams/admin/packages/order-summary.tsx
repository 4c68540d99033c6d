import { cx, Spinner } from '../../../../ui';
import { formatMoney } from '../../../../shared/money';
import type { Team, TeamQuote } from '../../data/team-api';

/** The priced order: seats added, price, discount and what is due. */
export function OrderSummary({
  quote,
  checking,
  team,
}: {
  quote?: TeamQuote;
  checking: boolean;
  team: Team;
}) {
  if (!quote)
    return checking ? <Spinner label="Pricing your order…" /> : <p className="text-sm text-zinc-600">—</p>;
  const money = (cents: number) => formatMoney(cents, quote.currency);
  return (
    <dl
      className={cx('flex flex-col gap-1.5 text-sm', checking && 'opacity-60')}
      aria-live="polite"
      aria-busy={checking}
      data-testid="team-order-summary"
    >
      <div className="flex justify-between gap-4">
        <dt className="text-zinc-600">Seats added</dt>
        <dd>
          {quote.seats} (you will have {team.seatsTotal + quote.seats})
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-zinc-600">Price</dt>
        <dd>{money(quote.priceCents)}</dd>
      </div>
      {quote.discountCents ? (
        <div className="flex justify-between gap-4 text-emerald-700">
          <dt>Discount{quote.coupon ? ` (${quote.coupon.code})` : ''}</dt>
          <dd>−{money(quote.discountCents)}</dd>
        </div>
      ) : null}
      <div className="mt-1 flex justify-between gap-4 border-t border-zinc-200 pt-2 text-base font-semibold text-zinc-900">
        <dt>Total</dt>
        <dd>{money(quote.amountDueCents)}</dd>
      </div>
    </dl>
  );
}
