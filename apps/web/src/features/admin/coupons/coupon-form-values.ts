import type { CouponsRecord } from '@photoshoot/contract';

/**
 * A coupon as the form edits it (text inputs, money in major units, expiry in the operator's local
 * time) and the record body it saves. The server checks the rest and answers with field errors.
 */
export type CouponFormValues = {
  code: string;
  description: string;
  discount: 'percent' | 'amount';
  percentOff: string;
  /** Major units, e.g. "5.00". */
  amountOff: string;
  currency: string;
  appliesTo: CouponsRecord['appliesTo'];
  packages: string[];
  maxRedemptions: string;
  /** `YYYY-MM-DDTHH:MM` in local time (a datetime-local input), or ''. */
  expiresAt: string;
  active: boolean;
};

export const EMPTY_COUPON: CouponFormValues = {
  code: '',
  description: '',
  discount: 'percent',
  percentOff: '',
  amountOff: '',
  currency: 'usd',
  appliesTo: 'any',
  packages: [],
  maxRedemptions: '',
  expiresAt: '',
  active: true,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored UTC date (`2026-05-01 12:00:00.000Z`) as a datetime-local value in this browser's zone. */
export function toLocalInput(stored: string): string {
  if (!stored) return '';
  const d = new Date(stored.replace(' ', 'T'));
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as the server's UTC date string, or '' (no expiry). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace('T', ' ');
}

export function couponToForm(c: CouponsRecord): CouponFormValues {
  const amount = c.amountOffCents > 0;
  return {
    code: c.code,
    description: c.description,
    discount: amount ? 'amount' : 'percent',
    percentOff: c.percentOff ? String(c.percentOff) : '',
    amountOff: amount ? (c.amountOffCents / 100).toFixed(2) : '',
    currency: c.currency || 'usd',
    appliesTo: c.appliesTo || 'any',
    packages: c.packages ?? [],
    maxRedemptions: c.maxRedemptions ? String(c.maxRedemptions) : '',
    expiresAt: toLocalInput(c.expiresAt),
    active: c.active,
  };
}

/**
 * The record body. The unused kind of discount is sent as 0 so switching kinds on an edit clears
 * the other one; text that is not a number is sent as it is, for the server to refuse by field.
 */
export function formToBody(v: CouponFormValues): Record<string, unknown> {
  const num = (text: string) => (text.trim() === '' ? 0 : Number(text.trim()));
  const amount = v.discount === 'amount';
  const cents = Math.round(num(v.amountOff) * 100);
  return {
    code: v.code.trim(),
    description: v.description.trim(),
    percentOff: amount ? 0 : num(v.percentOff),
    amountOffCents: amount ? cents : 0,
    currency: amount ? v.currency : '',
    appliesTo: v.appliesTo,
    packages: v.packages,
    maxRedemptions: num(v.maxRedemptions),
    expiresAt: fromLocalInput(v.expiresAt),
    active: v.active,
  };
}
