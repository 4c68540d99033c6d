import { queryOptions } from '@tanstack/react-query';
import { fetchTeamQuote, type TeamOrder } from './team-api';

/** The server's price of a seat order (package, quantity and an optional coupon). */
export const teamQuoteQuery = (teamId: string, order: TeamOrder) =>
  queryOptions({
    queryKey: ['team-quote', teamId, order.package, order.quantity, (order.coupon ?? '').toUpperCase()],
    queryFn: ({ signal }) => fetchTeamQuote(teamId, order, signal),
    retry: false,
    staleTime: 30_000,
  });
