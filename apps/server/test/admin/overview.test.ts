/**
 * `GET /api/admin/overview`: who may read it (guest 401, customer 403, superuser 200) and that each
 * figure counts what it says, on a fresh server per engine. Sales made through real checkouts and
 * refunds are in overview-sales.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { adminOverview } from '../../src/modules/admin/overview.js';
import { formatDate } from '../../src/tools/dates.js';
import { buildScene, shootInReview, type Scene } from '../delivery/support.js';
import { failure } from '../support/errors.js';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => formatDate(new Date(Date.now() - ms));

describe.each(engines)('admin overview (%s)', (engine) => {
  let t: TestServer;
  let s: Scene;

  beforeAll(async () => {
    t = await startServer({ engine });
    s = await buildScene(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = (pb = s.su) => pb.send('/api/admin/overview', {});

  it('answers 401 to a guest and 403 to a customer, in the error shape', async () => {
    const guest = await failure(overview(t.client()));
    expect(guest.status).toBe(401);
    expect(guest.response).toMatchObject({ status: 401, message: expect.any(String), data: {} });
    const customer = await failure(overview(s.owner.pb));
    expect(customer.status).toBe(403);
    expect(customer.response).toMatchObject({ status: 403, data: {} });
  });

  it('starts at zero on a fresh server', async () => {
    const o = await overview();
    expect(o).toMatchObject({
      review: { count: 0, oldestSince: '' },
      processing: { count: 0, stuck: 0 },
      failed: 0,
      refundsOwed: 0,
      newMessages: 0,
      providerAlerts: [],
      secretsEncrypted: false,
      sales: {
        today: { orders: 0, refundedOrders: 0, amounts: [] },
        days7: { orders: 0 },
        days30: { orders: 0 },
      },
    });
  });

  it('says whether saved secrets are encrypted (PHOTOSHOOT_ENCRYPTION_KEY set)', async () => {
    expect((await overview()).secretsEncrypted).toBe(false);
    const keyed = await startServer({ engine, encryptionKey: 'k'.repeat(32) });
    try {
      expect((await adminOverview(keyed.app)).secretsEncrypted).toBe(true);
    } finally {
      await keyed.close();
    }
  });

  it('counts the review queue, stuck work, failures, owed refunds, messages and sales', async () => {
    const first = await shootInReview(s, { title: 'Waiting longest', perStyle: 1 });
    await shootInReview(s, { title: 'Waiting', perStyle: 1 });
    const longAgo = ago(5 * HOUR);
    await s.su.collection('photoshoots').update(first.id, { completedAt: longAgo });

    const create = (fields: Record<string, unknown>) =>
      s.su.collection('photoshoots').create({ user: s.owner.id, title: 'x', ...fields });
    await create({ status: 'processing', leaseExpiresAt: ago(10 * 60 * 1000) });
    await create({ status: 'processing', leaseExpiresAt: formatDate(new Date(Date.now() + HOUR)) });
    await create({ status: 'failed' });

    const pay = (fields: Record<string, unknown>) =>
      s.su.collection('payments').create({
        user: s.owner.id,
        provider: 'sandbox',
        providerRef: `ref-${Math.random().toString(36).slice(2)}`,
        currency: 'usd',
        ...fields,
      });
    await pay({ status: 'paid', amountCents: 2900, paidAt: ago(60 * 1000) });
    await pay({ status: 'paid', amountCents: 4900, paidAt: ago(3 * 24 * HOUR) });
    await pay({ status: 'refunded', amountCents: 1000, paidAt: ago(60 * 1000), refundedAt: ago(1000) });
    await pay({ status: 'paid', amountCents: 9900, paidAt: ago(40 * 24 * HOUR) });
    // The provider could not give this one back: the money stayed, so it is kept.
    await pay({ status: 'refund_failed', amountCents: 500, paidAt: ago(2 * HOUR) });
    await pay({ status: 'paid', amountCents: 1500, currency: 'eur', paidAt: ago(HOUR) });
    // Charged, then failed on our side: owed back.
    await pay({ status: 'failed', amountCents: 2900, providerPaymentRef: 'pi_1' });
    await pay({ status: 'failed', amountCents: 2900, providerPaymentRef: 'pi_2', refundedAt: ago(1000) });

    await t.client().collection('contact_messages').create({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Where are my photos?',
    });
    const read = await t.client().collection('contact_messages').create({
      name: 'Bob',
      email: 'bob@example.com',
      message: 'Thanks a lot!',
    });
    await s.su.collection('contact_messages').update(read.id, { status: 'read' });

    const o = await overview();
    expect(o.review).toEqual({ count: 2, oldestSince: longAgo });
    expect(o.processing).toEqual({ count: 2, stuck: 1 });
    expect(o.failed).toBe(1);
    expect(o.refundsOwed).toBe(1);
    expect(o.newMessages).toBe(1);
    // Every figure counts the same orders: the refunded one is among the orders, in the gross and
    // in the refunded amount, and out of the net; the 40-day-old one is outside.
    expect(o.sales.days7).toEqual({
      orders: 5,
      refundedOrders: 1,
      amounts: [
        { currency: 'eur', grossCents: 1500, refundedCents: 0, netCents: 1500 },
        { currency: 'usd', grossCents: 9300, refundedCents: 1000, netCents: 8300 },
      ],
    });
    expect(o.sales.days30).toEqual(o.sales.days7);
  });

  it('starts "today" at midnight UTC', async () => {
    const at = new Date();
    const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
    const before = await adminOverview(t.app, at);
    await s.su.collection('payments').create({
      user: s.owner.id,
      provider: 'sandbox',
      providerRef: 'ref-yesterday-late',
      currency: 'usd',
      status: 'paid',
      amountCents: 500,
      paidAt: formatDate(new Date(midnight - 60 * 1000)),
    });
    const after = await adminOverview(t.app, at);
    expect(after.sales.today).toEqual(before.sales.today);
    expect(after.sales.days7.orders).toBe(before.sales.days7.orders + 1);
    // The windows end at "now": an order paid later is not counted yet.
    const earlier = await adminOverview(t.app, new Date(midnight - 2 * 60 * 1000));
    expect(earlier.sales.days7.orders).toBe(after.sales.days7.orders - 1 - after.sales.today.orders);
  });
});
