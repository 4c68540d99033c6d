/**
 * The price breakdown of an order, in integer cents: the package's price, the coupon's discount
 * (never more than the price) and what is left to pay. Prices come from `packages` only.
 */
import type { RecordData } from '../records/codec.js';

export type QuoteCoupon = { code: string; percentOff?: number; amountOffCents?: number };

export type Quote = {
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  coupon?: QuoteCoupon;
};

/**
 * A coupon with both a percentage and an amount gives whichever saves more; a percentage is
 * rounded to the nearest cent.
 */
export function discountFor(priceCents: number, coupon: RecordData): number {
  const percent = Math.round((priceCents * Math.min(100, Number(coupon.percentOff) || 0)) / 100);
  const amount = Math.max(0, Math.trunc(Number(coupon.amountOffCents) || 0));
  return Math.min(priceCents, Math.max(percent, amount));
}

/** The quote for `pkg` with an already validated `coupon` (or none). */
export function priceQuote(pkg: RecordData, coupon: RecordData | null): Quote {
  const priceCents = Math.max(0, Math.trunc(Number(pkg.priceCents) || 0));
  const discountCents = coupon ? discountFor(priceCents, coupon) : 0;
  const quote: Quote = {
    priceCents,
    discountCents,
    amountDueCents: priceCents - discountCents,
    currency: String(pkg.currency),
  };
  if (coupon) {
    const c: QuoteCoupon = { code: String(coupon.code) };
    if (Number(coupon.percentOff) > 0) c.percentOff = Number(coupon.percentOff);
    if (Number(coupon.amountOffCents) > 0) c.amountOffCents = Number(coupon.amountOffCents);
    quote.coupon = c;
  }
  return quote;
}
