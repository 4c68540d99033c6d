/**
 * The overview's sales figures after real sandbox checkouts and operators' refunds: the orders,
 * the refunded ones among them, and what they charged, gave back and kept all count the same
 * orders, so gross − refunded = net and a refunded order is never in one figure but not another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import {
  buyer,
  checkout,
  packageId,
  paymentRow,
  readyDraft,
  sandboxComplete,
  startPaymentsServer,
} from '../payments/support/world.js';
import type { AdminOverview } from '../../src/modules/admin/overview.js';

describe.each(engines)('overview sales after checkouts and a refund (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startPaymentsServer(engine);
  });
  afterAll(() => t?.close());

  async function paidOrder(): Promise<string> {
    const b = await buyer(t);
    const draft = await readyDraft(t, b);
    const started = await checkout(b.pb, draft, { package: await packageId(t, 'starter') });
    await sandboxComplete(b.pb, started.payment.id, 'paid');
    return started.payment.id;
  }

  it('counts a refunded order among the orders, in the gross and the refunds, and not in the net', async () => {
    const su = await t.superuser();
    const overview = () => su.send<AdminOverview>('/api/admin/overview', {});
    const kept = await paidOrder();
    const refunded = await paidOrder();
    await su.send(`/api/admin/payments/${refunded}/refund`, { method: 'POST' });
    expect((await paymentRow(t, refunded)).status).toBe('refunded');

    const price = Number((await paymentRow(t, kept)).amountCents);
    expect(price).toBeGreaterThan(0);
    const { sales } = await overview();
    // note: "today" is left out: it could start between the checkouts and the reading.
    for (const window of [sales.days7, sales.days30])
      expect(window).toEqual({
        orders: 2,
        refundedOrders: 1,
        amounts: [{ currency: 'usd', grossCents: 2 * price, refundedCents: price, netCents: price }],
      });

    // A part given back: the order stands (not a refunded order), and the part counts as refunded.
    const part = await paidOrder();
    await su.send(`/api/admin/payments/${part}/refund`, {
      method: 'POST',
      body: { amountCents: 100, currency: 'usd' },
    });
    expect((await paymentRow(t, part)).status).toBe('paid');
    const after = (await overview()).sales.days30;
    expect(after).toEqual({
      orders: 3,
      refundedOrders: 1,
      amounts: [
        { currency: 'usd', grossCents: 3 * price, refundedCents: price + 100, netCents: 2 * price - 100 },
      ],
    });
  });
});
