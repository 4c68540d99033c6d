/**
 * An amount in integer cents as people read it: `$49.00`, or `$49` with `wholeWithoutCents` (price
 * tags). An unknown currency code still shows the amount and the code.
 */
export function formatMoney(
  cents: number,
  currency: string,
  opts: { wholeWithoutCents?: boolean } = {},
): string {
  const code = (currency || 'usd').toUpperCase();
  const digits = opts.wholeWithoutCents && cents % 100 === 0 ? 0 : 2;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(digits)} ${code}`;
  }
}
