import { useQuery } from '@tanstack/react-query';
import { toFormError } from '../../../../lib/errors';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import type { TeamQuote } from '../../data/team-api';
import { teamQuoteQuery } from '../../data/team-quote-query';

const QUOTE_DEBOUNCE_MS = 400;

export type TeamQuoteState = {
  /** The price of the order as the server computes it (the last one while a change is priced). */
  quote: TeamQuote | undefined;
  appliedCoupon: string;
  couponError: string;
  quantityError: string;
  error: string;
  /** The typed coupon or quantity is not priced yet. */
  checking: boolean;
};

/** The live price of a seat order: prices always come from the server, a moment after typing stops. */
export function useTeamQuote(teamId: string, pkg: string, quantity: number, coupon: string): TeamQuoteState {
  const typed = { quantity, coupon: coupon.trim() };
  const [settled] = useDebouncedValue(typed, QUOTE_DEBOUNCE_MS);
  const same = settled.quantity === typed.quantity && settled.coupon === typed.coupon;
  const query = useQuery({
    ...teamQuoteQuery(teamId, { package: pkg, quantity: settled.quantity, coupon: settled.coupon }),
    enabled: !!teamId && !!pkg && settled.quantity > 0,
    placeholderData: (previous) => previous,
  });
  const failure = query.isError ? toFormError(query.error) : null;
  return {
    quote: query.isSuccess ? query.data : undefined,
    appliedCoupon: query.isSuccess && !query.isPlaceholderData && settled.coupon ? settled.coupon : '',
    couponError: failure?.fields.coupon ?? '',
    quantityError: failure?.fields.quantity ?? '',
    error: failure && !failure.fields.coupon && !failure.fields.quantity ? failure.message : '',
    checking: !same || query.isFetching,
  };
}
