/**
 * The coupon re-validated when the payment succeeds: one deactivated, deleted or expired between
 * checkout and payment fails the payment (refunded, photoshoot back to draft, no use counted, no
 * receipt), through the sandbox and through a signed Stripe webhook; a coupon still valid is
 * honoured and counted once.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import { systemCaller } from '../../src/core/records/caller.js';
import { sweepOwedRefunds } from '../../src/modules/payments/owed-refunds.js';
import { FakeStripe } from './support/fake-stripe.js';
import {
  WEBHOOK_SECRET,
  buyer,
  checkout,
  coupon,
  couponRow,
  moves,
  packageId,
  paymentRow,
  photoshootRow,
  readyDraft,
  receiptsTo,
  sandboxComplete,
  startPaymentsServer,
  verify,
  type Buyer,
} from './support/world.js';
import { failure } from '../support/errors.js';

const minuteAgo = () => new Date(Date.now() - 60_000).toISOString().replace('T', ' ');

/** Changes or deletes a coupon as an operator would, through the record service. */
function operator(t: TestServer) {
  const coupons = t.app.registry.require('coupons');
  const su = systemCaller(t.app.registry.require('_superusers'));
  return {
    update: (id: string, values: Record<string, unknown>) => t.app.records.update(coupons, su, id, values),
    remove: (id: string) => t.app.records.delete(coupons, su, id),
  };
}

describe.each(engines)('coupon at payment time (%s)', (engine) => {
  let sandbox: TestServer;
  let stripe: TestServer;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    [sandbox, stripe] = await Promise.all([startPaymentsServer(engine), startPaymentsServer(engine, fake)]);
  });
  afterAll(async () => {
    await sandbox?.close();
    await stripe?.close();
    await fake?.stop();
  });

  /** A buyer's draft checked out with `code` on the Starter package (2900 cents). */
  async function started(t: TestServer, code: string) {
    const owner = await buyer(t);
    const shoot = await readyDraft(t, owner);
    const res = await checkout(owner.pb, shoot, { package: await packageId(t, 'starter'), coupon: code });
    expect(res.payment).toMatchObject({ status: 'pending', couponCode: code });
    expect(res.payment.discountCents).toBeGreaterThan(0);
    expect((await photoshootRow(t, shoot)).status).toBe('pending_payment');
    return { owner, shoot, payment: res.payment };
  }

  /** The payment failed because of its coupon, and nothing of a fulfilment happened. */
  async function expectLapsed(t: TestServer, owner: Buyer, shoot: string, paymentId: string, reason: RegExp) {
    const p = await paymentRow(t, paymentId);
    expect(p.status).toBe('failed');
    expect(String(p.failureReason)).toMatch(reason);
    expect(String(p.failureReason)).toMatch(/refunded in full/);
    expect(p.paidAt).toBeFalsy();
    expect(p.receiptSentAt).toBeFalsy();
    expect(p.refundedAt).toBeTruthy();
    expect((await photoshootRow(t, shoot)).status).toBe('draft');
    expect(await moves(t, shoot)).toEqual(['∅→draft', 'draft→pending_payment', 'pending_payment→draft']);
    expect(await receiptsTo(t, owner.email)).toHaveLength(0);
  }

  it('fails a sandbox payment whose coupon was deactivated after checkout', async () => {
    const c = await coupon(sandbox, { code: 'SPRING', percentOff: 20, maxRedemptions: 5 });
    const { owner, shoot, payment } = await started(sandbox, 'SPRING');
    await operator(sandbox).update(String(c.id), { active: false });

    const settled = await sandboxComplete(owner.pb, payment.id, 'paid');
    expect(settled.status).toBe('failed');
    expect(settled.failureReason).toMatch(
      /^The coupon SPRING was withdrawn before your payment went through/,
    );
    await expectLapsed(sandbox, owner, shoot, payment.id, /coupon SPRING was withdrawn/);
    expect((await couponRow(sandbox, String(c.id))).redemptions).toBe(0);
    // Settled: the verify call that follows on the return page changes nothing.
    expect((await verify(owner.pb, payment.id)).status).toBe('failed');
    expect((await couponRow(sandbox, String(c.id))).redemptions).toBe(0);
  });

  it('fails a sandbox payment whose coupon was deleted after checkout', async () => {
    const c = await coupon(sandbox, { code: 'GONEAWAY', amountOffCents: 500 });
    const { owner, shoot, payment } = await started(sandbox, 'GONEAWAY');
    await operator(sandbox).remove(String(c.id));
    expect((await paymentRow(sandbox, payment.id)).coupon).toBe('');

    const settled = await sandboxComplete(owner.pb, payment.id, 'paid');
    expect(settled.status).toBe('failed');
    await expectLapsed(sandbox, owner, shoot, payment.id, /coupon GONEAWAY was withdrawn/);
  });

  it('refunds at Stripe when the coupon expired before the completed webhook', async () => {
    const c = await coupon(stripe, { code: 'AUTUMN', percentOff: 10 });
    const { owner, shoot, payment } = await started(stripe, 'AUTUMN');
    expect(payment.amountCents).toBe(2610);
    await operator(stripe).update(String(c.id), { expiresAt: minuteAgo() });
    const session = fake.pay(fake.sessionFor(payment.id).id);

    const completed = fake.event('checkout.session.completed', fake.view(session));
    const payload = JSON.stringify(completed);
    const deliver = () =>
      fetch(`${stripe.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
    const answers = await Promise.all([deliver(), deliver(), verify(owner.pb, payment.id)]);
    expect(answers.slice(0, 2).map((r) => (r as Response).status)).toEqual([200, 200]);

    await expectLapsed(stripe, owner, shoot, payment.id, /^The coupon AUTUMN expired before your payment/);
    const refunds = fake.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(2610);
    expect((await paymentRow(stripe, payment.id)).providerPaymentRef).toBe(session.payment_intent);
    expect((await couponRow(stripe, String(c.id))).redemptions).toBe(0);
    // A redelivery finds the payment settled: no second refund.
    expect((await deliver()).status).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('keeps the refund owed while Stripe is down, then settles it once (operator retry, cron sweep, dashboard)', async () => {
    const signed = (event: unknown) => {
      const payload = JSON.stringify(event);
      return fetch(`${stripe.url}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
    };
    const lapse = async (code: string) => {
      const c = await coupon(stripe, { code, percentOff: 10 });
      const { payment } = await started(stripe, code);
      await operator(stripe).update(String(c.id), { expiresAt: minuteAgo() });
      const session = fake.pay(fake.sessionFor(payment.id).id);
      expect((await signed(fake.event('checkout.session.completed', fake.view(session)))).status).toBe(200);
      return { payment, intent: String(session.payment_intent), session };
    };
    const refundsOf = (intent: string) => fake.refunds.filter((r) => r.payment_intent === intent);
    const admin = await stripe.superuser();
    const refund = (id: string) => admin.send(`/api/admin/payments/${id}/refund`, { method: 'POST' });

    fake.refundOutage = true;
    try {
      const a = await lapse('OUTAGE1');
      const b = await lapse('OUTAGE2');
      const c = await lapse('OUTAGE3');
      for (const { payment, intent } of [a, b, c]) {
        const row = await paymentRow(stripe, payment.id);
        expect(row).toMatchObject({ status: 'failed', providerPaymentRef: intent, refundedAt: '' });
        expect(refundsOf(intent)).toHaveLength(0);
      }
      // An operator's retry during the outage says why it did not work and changes nothing.
      const refused = await failure(refund(a.payment.id));
      expect(refused.status).toBe(400);
      expect(refused.message).toBe('Stripe could not refund the payment.');
      expect((await sweepOwedRefunds(stripe.app)).failed).toBeGreaterThanOrEqual(3);
      expect((await paymentRow(stripe, a.payment.id)).refundedAt).toBe('');

      fake.refundOutage = false;
      // The operator retries one; a refund made in Stripe's dashboard settles another; the cron the rest.
      expect(await refund(a.payment.id)).toMatchObject({ status: 'failed', refundedAt: expect.any(String) });
      expect(refundsOf(a.intent)).toHaveLength(1);
      const dashboard = fake.event('charge.refunded', fake.refundedCharge(b.session.id));
      expect((await signed(dashboard)).status).toBe(200);
      expect((await paymentRow(stripe, b.payment.id)).refundedAt).not.toBe('');
      expect(refundsOf(b.intent)).toHaveLength(0);
      const swept = await sweepOwedRefunds(stripe.app);
      expect(swept).toEqual({ refunded: 1, failed: 0 });
      expect(refundsOf(c.intent)).toHaveLength(1);
      expect(refundsOf(c.intent)[0]!.amount).toBe(2610);
      for (const { payment } of [a, b, c]) {
        expect(await paymentRow(stripe, payment.id)).toMatchObject({ status: 'failed', paidAt: '' });
        expect((await paymentRow(stripe, payment.id)).refundedAt).not.toBe('');
      }
      // Nothing is owed any more: a sweep does nothing and the endpoint refunds paid payments only.
      expect(await sweepOwedRefunds(stripe.app)).toEqual({ refunded: 0, failed: 0 });
      expect((await failure(refund(c.payment.id))).response.data.status.code).toBe('validation_not_paid');
      expect(refundsOf(a.intent).length + refundsOf(c.intent).length).toBe(2);
      // Every refund call for one payment carried the same idempotency key.
      const keys = new Set(
        fake.requests
          .filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === a.intent)
          .map((r) => r.idempotencyKey),
      );
      expect([...keys]).toEqual([`refund-${a.payment.id}`]);
    } finally {
      fake.refundOutage = false;
    }
  }, 60_000);

  it('still honours a coupon that is valid at payment, counting its use once', async () => {
    const c = await coupon(sandbox, { code: 'STILLGOOD', percentOff: 25, maxRedemptions: 3 });
    const { owner, shoot, payment } = await started(sandbox, 'STILLGOOD');
    // An operator edit that leaves the coupon valid does not affect the order.
    await operator(sandbox).update(String(c.id), { description: 'spring campaign' });

    const settled = await sandboxComplete(owner.pb, payment.id, 'paid');
    expect(settled).toMatchObject({
      status: 'paid',
      discountCents: 725,
      amountCents: 2175,
      failureReason: '',
    });
    expect(await Promise.all([verify(owner.pb, payment.id), verify(owner.pb, payment.id)])).toMatchObject([
      { status: 'paid' },
      { status: 'paid' },
    ]);
    expect((await couponRow(sandbox, String(c.id))).redemptions).toBe(1);
    expect((await paymentRow(sandbox, payment.id)).refundedAt).toBeFalsy();
    expect((await photoshootRow(sandbox, shoot)).status).toBe('queued');
    expect(await receiptsTo(sandbox, owner.email)).toHaveLength(1);
  });

  it("announces each counted use to the coupons' realtime subscribers, at payment and at a free checkout", async () => {
    const c = await coupon(sandbox, { code: 'LIVEUSES', percentOff: 25, maxRedemptions: 5 });
    const free = await coupon(sandbox, { code: 'LIVEFREE', percentOff: 100 });
    const admin = await sandbox.superuser();
    const seen: { id: string; redemptions: number }[] = [];
    await admin.collection('coupons').subscribe('*', (e) => {
      if (e.action === 'update') seen.push({ id: e.record.id, redemptions: Number(e.record.redemptions) });
    });
    try {
      const { owner, payment } = await started(sandbox, 'LIVEUSES');
      expect(seen).toEqual([]);
      await sandboxComplete(owner.pb, payment.id, 'paid');
      await expect
        .poll(() => seen.filter((s) => s.id === c.id), { timeout: 15_000 })
        .toEqual([{ id: c.id, redemptions: 1 }]);

      const other = await buyer(sandbox);
      const shoot = await readyDraft(sandbox, other);
      const res = await checkout(other.pb, shoot, {
        package: await packageId(sandbox, 'starter'),
        coupon: 'LIVEFREE',
      });
      expect(res.payment).toMatchObject({ status: 'paid', amountCents: 0 });
      await expect
        .poll(() => seen.filter((s) => s.id === free.id), { timeout: 15_000 })
        .toEqual([{ id: free.id, redemptions: 1 }]);
    } finally {
      await admin.realtime.unsubscribe();
    }
  });
});
