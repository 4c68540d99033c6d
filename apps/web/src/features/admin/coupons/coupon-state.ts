import type { CouponsRecord } from '@photoshoot/contract';
import type { BadgeTone } from '../../../ui/badge';

/**
 * Whether a coupon can be used now, as the server's `couponStateProblem` decides it (inactive wins
 * over expired, expired over used up), and the same test in the filter language for the list.
 */
export type CouponState = 'active' | 'expired' | 'used_up' | 'inactive';

export const COUPON_STATES: Record<CouponState, { label: string; tone: BadgeTone; filter: string }> = {
  active: {
    label: 'Active',
    tone: 'success',
    filter:
      "active = true && (expiresAt = '' || expiresAt > @now) && (maxRedemptions = 0 || redemptions < maxRedemptions)",
  },
  expired: {
    label: 'Expired',
    tone: 'warning',
    filter: "active = true && expiresAt != '' && expiresAt <= @now",
  },
  used_up: {
    label: 'Used up',
    tone: 'neutral',
    filter:
      "active = true && (expiresAt = '' || expiresAt > @now) && maxRedemptions > 0 && redemptions >= maxRedemptions",
  },
  inactive: { label: 'Inactive', tone: 'neutral', filter: 'active = false' },
};

export const COUPON_STATE_OPTIONS = (Object.keys(COUPON_STATES) as CouponState[]).map((value) => ({
  value,
  label: COUPON_STATES[value].label,
}));

export function couponState(c: CouponsRecord, now = new Date()): CouponState {
  if (!c.active) return 'inactive';
  const expires = c.expiresAt ? new Date(c.expiresAt.replace(' ', 'T')) : null;
  if (expires && expires.getTime() <= now.getTime()) return 'expired';
  if (c.maxRedemptions > 0 && c.redemptions >= c.maxRedemptions) return 'used_up';
  return 'active';
}
