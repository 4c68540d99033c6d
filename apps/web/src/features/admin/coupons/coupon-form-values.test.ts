import type { CouponsRecord } from '@photoshoot/contract';
import { describe, expect, it } from 'vitest';
import { couponToForm, EMPTY_COUPON, formToBody, fromLocalInput, toLocalInput } from './coupon-form-values';
import { couponState } from './coupon-state';

const coupon = (over: Partial<CouponsRecord>): CouponsRecord =>
  ({
    id: 'c1',
    code: 'SPRING',
    description: '',
    percentOff: 0,
    amountOffCents: 0,
    currency: '',
    appliesTo: 'any',
    packages: [],
    maxRedemptions: 0,
    redemptions: 0,
    expiresAt: '',
    active: true,
    ...over,
  }) as CouponsRecord;

describe('coupon form values', () => {
  it('sends an amount in cents and clears the other kind of discount', () => {
    const body = formToBody({
      ...EMPTY_COUPON,
      code: ' FIVE ',
      discount: 'amount',
      amountOff: '5.10',
      percentOff: '20',
    });
    expect(body).toMatchObject({ code: 'FIVE', amountOffCents: 510, percentOff: 0, currency: 'usd' });
  });

  it('reads a stored coupon back into the same form', () => {
    const stored = coupon({
      amountOffCents: 1250,
      currency: 'eur',
      maxRedemptions: 5,
      expiresAt: '2030-05-01 10:30:00.000Z',
    });
    const form = couponToForm(stored);
    expect(form).toMatchObject({
      discount: 'amount',
      amountOff: '12.50',
      currency: 'eur',
      maxRedemptions: '5',
    });
    expect(formToBody(form)).toMatchObject({ amountOffCents: 1250, expiresAt: '2030-05-01 10:30:00.000Z' });
  });

  it('keeps the expiry instant across the local-time input', () => {
    expect(fromLocalInput(toLocalInput('2030-01-02 03:04:00.000Z'))).toBe('2030-01-02 03:04:00.000Z');
    expect(fromLocalInput('')).toBe('');
  });
});

describe('coupon state', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it('says inactive before expired before used up, as the checkout does', () => {
    expect(couponState(coupon({ active: false, expiresAt: '2020-01-01 00:00:00.000Z' }), now)).toBe(
      'inactive',
    );
    expect(
      couponState(coupon({ expiresAt: '2020-01-01 00:00:00.000Z', maxRedemptions: 1, redemptions: 1 }), now),
    ).toBe('expired');
    expect(couponState(coupon({ maxRedemptions: 2, redemptions: 2 }), now)).toBe('used_up');
    expect(
      couponState(coupon({ maxRedemptions: 2, redemptions: 1, expiresAt: '2031-01-01 00:00:00.000Z' }), now),
    ).toBe('active');
  });
});
