import { queryOptions } from '@tanstack/react-query';
import { fetchQuote } from '../../../shared/data/payments-api';

/** The server's price of a photoshoot's order, with a coupon or without (''). */
export const quoteQuery = (photoshootId: string, packageId: string, coupon: string) =>
  queryOptions({
    queryKey: ['quote', photoshootId, packageId, coupon.toUpperCase()],
    queryFn: ({ signal }) =>
      fetchQuote(photoshootId, coupon ? { package: packageId, coupon } : { package: packageId }, signal),
    retry: false,
    staleTime: 30_000,
  });
