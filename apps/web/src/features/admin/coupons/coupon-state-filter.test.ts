import { describe, expect, it } from 'vitest';
import { operatorClient } from '../../../testing/accounts';
import { COUPON_STATES, type CouponState } from './coupon-state';

describe("the coupon states' filters, on the real server", () => {
  it('select the coupons whose state they name, and only those', async () => {
    const su = await operatorClient();
    const tag = `S${Date.now().toString(36).toUpperCase()}`;
    const make = (suffix: string, fields: Record<string, unknown>) =>
      su
        .collection('coupons')
        .create({ code: `${tag}-${suffix}`, appliesTo: 'any', percentOff: 10, active: true, ...fields });
    await make('ACTIVE', { maxRedemptions: 5, expiresAt: '2099-01-01 00:00:00.000Z' });
    await make('EXPIRED', { expiresAt: '2020-01-01 00:00:00.000Z' });
    await make('USEDUP', { maxRedemptions: 2, redemptions: 2 });
    await make('INACTIVE', { active: false });

    for (const [state, suffix] of [
      ['active', 'ACTIVE'],
      ['expired', 'EXPIRED'],
      ['used_up', 'USEDUP'],
      ['inactive', 'INACTIVE'],
    ] as [CouponState, string][]) {
      const rows = await su.collection('coupons').getFullList({
        filter: `${su.filter('code ~ {:tag}', { tag })} && (${COUPON_STATES[state].filter})`,
      });
      expect(
        rows.map((r) => r.code),
        state,
      ).toEqual([`${tag}-${suffix}`]);
    }
  });
});
