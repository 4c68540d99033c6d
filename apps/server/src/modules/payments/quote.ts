/**
 * The price breakdown of an order, in integer cents: the package's price, the coupon's discount
 * (never more than the price) and what is left to pay. Prices come from `packages` only.
 *
 * A coupon can leave a remainder too small to charge (Stripe refuses a checkout under its minimum
 * for the currency, e.g. 50 cents in USD/EUR): that remainder is waived and the order is free,
 * rather than failing at checkout or charging more than the quote said. `waivedCents` shows it.
 */
import type { RecordData } from '../../core/records/codec.js';
import { recordOf } from '../record-of.js';

export type QuoteCoupon = { code: string; percentOff?: number; amountOffCents?: number };

export type Quote = {
  priceCents: number;
  discountCents: number;
  amountDueCents: number;
  currency: string;
  coupon?: QuoteCoupon;
  /** Part of `discountCents`: a remainder below the smallest chargeable amount, waived. */
  waivedCents?: number;
  /** The smallest amount a card payment can be in this currency (present with `waivedCents`). */
  minimumChargeCents?: number;
};

/** Stripe's minimum charge per currency, in the currency's smallest unit (JPY has no decimals). */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  aud: 50,
  cad: 50,
  chf: 50,
  nzd: 50,
  sgd: 50,
  brl: 50,
  inr: 50,
  dkk: 250,
  nok: 300,
  sek: 300,
  pln: 200,
  czk: 1500,
  huf: 17500,
  hkd: 400,
  mxn: 1000,
  jpy: 50,
  aed: 200,
  ron: 200,
  bgn: 100,
  myr: 200,
  thb: 1000,
};

/** The smallest chargeable amount in `currency`; 50 units where we know of no rule. */
export function minimumChargeCents(currency: string): number {
  return MINIMUM_CHARGE[currency.toLowerCase()] ?? 50;
}

/**
 * A coupon with both a percentage and an amount gives whichever saves more; a percentage is
 * rounded to the nearest cent.
 */
export function discountFor(priceCents: number, found: RecordData): number {
  const coupon = recordOf('coupons', found);
  const percent = Math.round((priceCents * Math.min(100, coupon.percentOff || 0)) / 100);
  const amount = Math.max(0, Math.trunc(coupon.amountOffCents || 0));
  return Math.min(priceCents, Math.max(percent, amount));
}

/** The quote for `pkg` with an already validated `coupon` (or none). */
export function priceQuote(item: RecordData, found: RecordData | null): Quote {
  const pkg = recordOf('packages', item);
  const coupon = recordOf('coupons', found);
  const priceCents = Math.max(0, Math.trunc(pkg.priceCents || 0));
  const currency = pkg.currency;
  let discountCents = coupon ? discountFor(priceCents, coupon) : 0;
  const minimum = minimumChargeCents(currency);
  const rest = priceCents - discountCents;
  const waived = coupon && rest > 0 && rest < minimum ? rest : 0;
  discountCents += waived;
  const quote: Quote = { priceCents, discountCents, amountDueCents: priceCents - discountCents, currency };
  if (waived) Object.assign(quote, { waivedCents: waived, minimumChargeCents: minimum });
  if (coupon) {
    const c: QuoteCoupon = { code: coupon.code };
    if (coupon.percentOff > 0) c.percentOff = coupon.percentOff;
    if (coupon.amountOffCents > 0) c.amountOffCents = coupon.amountOffCents;
    quote.coupon = c;
  }
  return quote;
}
