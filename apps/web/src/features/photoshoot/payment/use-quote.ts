import { useQuery } from '@tanstack/react-query';
import { toFormError } from '../../../lib/errors';
import { quoteQuery } from '../data/quote-query';
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
    ...quoteQuery(photoshootId, packageId, ''),
    enabled: !!photoshootId && !!packageId,
  });
  const withCoupon = useQuery({
    ...quoteQuery(photoshootId, packageId, settled),
    enabled: !!photoshootId && !!packageId && !!settled,
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
