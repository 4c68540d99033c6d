import { useQuery } from '@tanstack/react-query';
import { toFormError } from '../../../lib/errors';
import { fetchQuote } from '../../../shared/data/payments-api';
import { QUOTE_DEBOUNCE_MS } from '../constants';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { Quote } from '../../../shared/records';

export type QuoteState = {
  /** The price without a coupon. */
  base: Quote | undefined;
  /** The price with the typed coupon, once the server accepted it. */
  discounted: Quote | undefined;
  /** The coupon the server accepted ('' when none or not yet). */
  appliedCoupon: string;
  /** Why the server refused the coupon, in its words. */
  couponError: string;
  /** The price could not be fetched at all. */
  error: string;
  /** A coupon is typed but not checked yet (debouncing or in flight). */
  checking: boolean;
  loading: boolean;
  /** Apply the typed coupon now instead of after the debounce. */
  applyNow: () => void;
};

/**
 * The live price of an order: the plain quote, and the quote with the typed coupon a moment after
 * typing stops. Prices always come from the server.
 */
export function useQuote(photoshootId: string, packageId: string, typedCoupon: string): QuoteState {
  const coupon = typedCoupon.trim();
  const [settled, applyNow] = useDebouncedValue(coupon, QUOTE_DEBOUNCE_MS);
  const base = useQuery({
    queryKey: ['quote', photoshootId, packageId, ''],
    queryFn: ({ signal }) => fetchQuote(photoshootId, { package: packageId }, signal),
    enabled: !!photoshootId && !!packageId,
    retry: false,
    staleTime: 30_000,
  });
  const withCoupon = useQuery({
    queryKey: ['quote', photoshootId, packageId, settled.toUpperCase()],
    queryFn: ({ signal }) => fetchQuote(photoshootId, { package: packageId, coupon: settled }, signal),
    enabled: !!photoshootId && !!packageId && !!settled,
    retry: false,
    staleTime: 30_000,
  });

  const current = !!coupon && settled === coupon;
  const couponFailure = current && withCoupon.isError ? toFormError(withCoupon.error) : null;
  return {
    base: base.data,
    discounted: current && withCoupon.isSuccess ? withCoupon.data : undefined,
    appliedCoupon: current && withCoupon.isSuccess ? coupon : '',
    couponError: couponFailure ? couponFailure.fields.coupon || couponFailure.message : '',
    error: base.isError ? toFormError(base.error).message : '',
    checking: !!coupon && (settled !== coupon || withCoupon.isFetching),
    loading: base.isPending && !!packageId,
    applyNow,
  };
}
