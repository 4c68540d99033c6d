import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('shows cents in the currency of the amount', () => {
    expect(formatMoney(4900, 'usd')).toBe('$49.00');
    expect(formatMoney(1990, 'eur')).toBe('€19.90');
    expect(formatMoney(0, 'gbp')).toBe('£0.00');
  });

  it('drops the cents of whole amounts only when asked (price tags)', () => {
    expect(formatMoney(4900, 'usd', { wholeWithoutCents: true })).toBe('$49');
    expect(formatMoney(1990, 'usd', { wholeWithoutCents: true })).toBe('$19.90');
  });

  it('still shows an amount for a currency code Intl does not know', () => {
    expect(formatMoney(1250, 'zz1')).toBe('12.50 ZZ1');
    expect(formatMoney(1200, '')).toBe('$12.00');
  });
});
