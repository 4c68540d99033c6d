import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Spinner, TextField } from '../../../ui';
import { formatMoney } from '../../../shared/money';
import type { Quote } from '../../../shared/records';
import { useQuote } from './use-quote';

export type QuoteChange = {
  /** The coupon to send with checkout ('' for none). */
  coupon: string;
  /** The order can be paid as shown: a price is known and no typed coupon is pending or refused. */
  ready: boolean;
  quote: Quote | undefined;
};

/**
 * The coupon field and the price breakdown of an order, updated live as a code is typed. Tells
 * the page what checkout should send through `onChange`.
 */
export function CouponQuote({
  photoshootId,
  packageId,
  packageName,
  initialCoupon = '',
  onChange,
}: {
  photoshootId: string;
  packageId: string;
  packageName?: string;
  /**
   * A code to start with (the one of a payment that did not go through), checked like a typed
   * one; it may arrive after the first render, and fills the field only while it is untouched.
   */
  initialCoupon?: string;
  onChange?: (change: QuoteChange) => void;
}) {
  const [typed, setTyped] = useState(initialCoupon);
  const touched = useRef(false);
  useEffect(() => {
    if (initialCoupon && !touched.current) setTyped(initialCoupon);
  }, [initialCoupon]);
  const q = useQuote(photoshootId, packageId, typed);
  const quote = q.discounted ?? q.base;
  const typedCoupon = typed.trim();
  const ready = !!quote && (!typedCoupon || (!!q.appliedCoupon && !q.checking));

  useEffect(() => {
    onChange?.({ coupon: q.appliedCoupon, ready, quote });
  }, [onChange, q.appliedCoupon, ready, quote]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    q.applyNow();
  };

  const description = q.checking ? (
    <span className="inline-flex items-center gap-1.5">
      <Spinner /> Checking the code…
    </span>
  ) : q.appliedCoupon && q.discounted ? (
    <span className="font-medium text-emerald-700" data-testid="coupon-applied">
      Code {q.appliedCoupon.toUpperCase()} applied: you save{' '}
      {formatMoney(q.discounted.discountCents, q.discounted.currency)}.
    </span>
  ) : undefined;

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={apply} className="flex items-start gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <TextField
            label="Coupon code"
            optional
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={typed}
            onChange={(e) => {
              touched.current = true;
              setTyped(e.currentTarget.value);
            }}
            error={!q.checking ? q.couponError : undefined}
            description={description}
            maxLength={40}
          />
        </div>
        <Button type="submit" variant="secondary" className="mt-7" disabled={!typedCoupon}>
          Apply
        </Button>
      </form>

      <div aria-live="polite" data-testid="order-total">
        {q.error ? (
          <p className="text-sm text-red-700" role="alert">
            {q.error}
          </p>
        ) : !quote ? (
          <p className="flex items-center gap-2 text-sm text-zinc-600">
            <Spinner /> Calculating the price…
          </p>
        ) : (
          <>
            <dl className="flex flex-col gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-zinc-600">{packageName ? `${packageName} package` : 'Package'}</dt>
                <dd className="text-zinc-900">{formatMoney(quote.priceCents, quote.currency)}</dd>
              </div>
              {quote.discountCents > 0 ? (
                <div className="flex justify-between gap-4 text-emerald-700">
                  <dt>Discount{q.appliedCoupon ? ` (${q.appliedCoupon.toUpperCase()})` : ''}</dt>
                  <dd>−{formatMoney(quote.discountCents, quote.currency)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4 border-t border-zinc-200 pt-2 text-base font-semibold">
                <dt>Total due</dt>
                <dd data-testid="amount-due">{formatMoney(quote.amountDueCents, quote.currency)}</dd>
              </div>
            </dl>
            {quote.waivedCents ? (
              <p className="mt-2 text-xs text-zinc-600" data-testid="waived">
                The discount includes {formatMoney(quote.waivedCents, quote.currency)} we waive: a card
                payment can’t be less than {formatMoney(quote.minimumChargeCents ?? 0, quote.currency)}.
              </p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
