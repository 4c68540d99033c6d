/**
 * Stripe through the real SDK against a local fake of its API, and real signed webhooks: the
 * checkout session we ask for, exactly-once fulfilment under duplicate, out-of-order and concurrent
 * deliveries (with the verify call racing them), expiry, refunds, and refused signatures.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
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
  startPaymentsServer,
  verify,
  type Buyer,
} from './support/world.js';
import { failure } from '../support/errors.js';

describe.each(engines)('stripe payments (%s)', (engine) => {
  let t: TestServer;
  let fake: FakeStripe;
  let owner: Buyer;
  let starter: string;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await startPaymentsServer(engine, fake);
    owner = await buyer(t);
    starter = await packageId(t, 'starter');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  /** Delivers `event` as Stripe would, signed with `secret`. */
  async function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET): Promise<Response> {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
  }

  async function started(code = '') {
    const shoot = await readyDraft(t, owner);
    const res = await checkout(
      owner.pb,
      shoot,
      code ? { package: starter, coupon: code } : { package: starter },
    );
    return { shoot, payment: res.payment, url: res.url!, session: fake.sessionFor(res.payment.id) };
  }

  it('opens a Checkout Session priced from the package, carrying our payment id', async () => {
    await coupon(t, { code: 'STRIPE10', percentOff: 10 });
    const { shoot, payment, url, session } = await started('STRIPE10');
    expect(url).toBe(session.url);
    expect(payment).toMatchObject({
      provider: 'stripe',
      providerRef: session.id,
      amountCents: 2610,
      status: 'pending',
    });
    expect(session.metadata).toMatchObject({ paymentId: payment.id, photoshootId: shoot });
    expect(session.client_reference_id).toBe(payment.id);
    expect(session.customer_email).toBe(owner.email);
    expect(session.success_url).toBe(
      `http://127.0.0.1:8090/photoshoot/${shoot}/payment-return?payment=${payment.id}`,
    );
    expect(session.cancel_url).toContain(`/photoshoot/${shoot}/payment?payment=${payment.id}`);
    expect(session.line_items_sent).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'usd',
          unit_amount: '2610',
          product_data: { name: 'Starter photoshoot', description: 'Coupon STRIPE10 applied' },
        },
      },
    ]);
    const create = fake.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === payment.id,
    );
    expect(create?.idempotencyKey).toBe(`checkout-${payment.id}`);
    // Not paid yet: verify leaves it pending.
    expect((await verify(owner.pb, payment.id)).status).toBe('pending');
  });

  it('fulfils once for duplicate, concurrent and racing deliveries', async () => {
    const c = await coupon(t, { code: 'RACE', amountOffCents: 100, maxRedemptions: 10 });
    const { shoot, payment, session } = await started('RACE');
    fake.pay(session.id);
    const completed = fake.event('checkout.session.completed', fake.view(session));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => deliver(completed)),
      ...Array.from({ length: 4 }, () =>
        verify(owner.pb, payment.id).then(() => new Response(null, { status: 200 })),
      ),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const again = await deliver(completed);
    expect(again.status).toBe(200);
    // Out of order: a late "expired" for a paid session changes nothing.
    expect(
      (await deliver(fake.event('checkout.session.expired', { ...fake.view(session), status: 'expired' })))
        .status,
    ).toBe(200);

    const stored = await paymentRow(t, payment.id);
    expect(stored).toMatchObject({ status: 'paid', providerPaymentRef: session.payment_intent });
    expect((await photoshootRow(t, shoot)).status).toBe('queued');
    expect((await moves(t, shoot)).filter((m) => m.endsWith('→queued'))).toHaveLength(1);
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
    expect((await receiptsTo(t, owner.email)).filter((m) => m.text.includes(payment.id))).toHaveLength(1);
  });

  it('fulfils through verify first and ignores the webhook that follows', async () => {
    const { shoot, payment, session } = await started();
    fake.pay(session.id);
    expect((await verify(owner.pb, payment.id)).status).toBe('paid');
    expect((await deliver(fake.event('checkout.session.completed', fake.view(session)))).status).toBe(200);
    expect((await moves(t, shoot)).filter((m) => m.endsWith('→queued'))).toHaveLength(1);
    expect((await receiptsTo(t, owner.email)).filter((m) => m.text.includes(payment.id))).toHaveLength(1);
  });

  it('returns the photoshoot to draft when the session expires', async () => {
    const { shoot, payment, session } = await started();
    fake.expire(session.id);
    const res = await deliver(fake.event('checkout.session.expired', fake.view(session)));
    expect(res.status).toBe(200);
    expect((await paymentRow(t, payment.id)).status).toBe('cancelled');
    expect((await photoshootRow(t, shoot)).status).toBe('draft');
    // A completed event for it afterwards cannot resurrect it.
    expect(
      (
        await deliver(
          fake.event('checkout.session.completed', {
            ...fake.view(session),
            status: 'complete',
            payment_status: 'paid',
          }),
        )
      ).status,
    ).toBe(200);
    expect((await paymentRow(t, payment.id)).status).toBe('cancelled');
  });

  it('expires the open session when the buyer changes the order', async () => {
    const { shoot, payment, session } = await started();
    const next = await checkout(owner.pb, shoot, { package: await packageId(t, 'professional') });
    expect(next.payment.id).not.toBe(payment.id);
    expect(session.status).toBe('expired');
    expect((await paymentRow(t, payment.id)).status).toBe('cancelled');
  });

  it('refuses bad, missing and foreign signatures with a 400', async () => {
    const { payment, session } = await started();
    fake.pay(session.id);
    const event = fake.event('checkout.session.completed', fake.view(session));
    expect((await deliver(event, 'whsec_someone_else')).status).toBe(400);
    const unsigned = await fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    const body = (await unsigned.json()) as { status: number; message: string };
    expect(body).toMatchObject({ status: 400, message: 'The webhook signature could not be verified.' });
    // A body altered after signing fails too.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('"paid"', '"unpaid"'),
    });
    expect(tampered.status).toBe(400);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });

  it('refunds through the SDK for superusers only, once, and follows refunds made in Stripe', async () => {
    const { shoot, payment, session } = await started();
    const admin = await t.superuser();
    const refund = (pb = admin) => pb.send(`/api/admin/payments/${payment.id}/refund`, { method: 'POST' });
    expect((await failure(refund())).response.data.status.code).toBe('validation_not_paid');
    fake.pay(session.id);
    await verify(owner.pb, payment.id);
    expect((await failure(refund(owner.pb))).status).toBe(403);
    expect((await failure(refund(t.client()))).status).toBe(401);
    const done = await refund();
    expect(done).toMatchObject({ status: 'refunded' });
    expect(fake.refunds.filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(fake.refunds.at(-1)!.amount).toBe(2900);
    expect((await photoshootRow(t, shoot)).status).toBe('refunded');
    expect((await failure(refund())).status).toBe(400);
    // Stripe then reports the refund: nothing more happens.
    expect((await deliver(fake.event('charge.refunded', fake.refundedCharge(session.id)))).status).toBe(200);
    expect((await moves(t, shoot)).filter((m) => m.endsWith('→refunded'))).toHaveLength(1);

    // A refund made in Stripe's dashboard arrives as charge.refunded.
    const other = await started();
    fake.pay(other.session.id);
    await deliver(fake.event('checkout.session.completed', fake.view(other.session)));
    await deliver(fake.event('charge.refunded', fake.refundedCharge(other.session.id)));
    expect((await paymentRow(t, other.payment.id)).status).toBe('refunded');
    expect((await photoshootRow(t, other.shoot)).status).toBe('refunded');
  });

  it('refunds a part with its amount, refuses amounts Stripe would, and refunds the rest last', async () => {
    const { shoot, payment, session } = await started();
    fake.pay(session.id);
    await verify(owner.pb, payment.id);
    const admin = await t.superuser();
    const refund = (body: Record<string, unknown>) =>
      admin.send(`/api/admin/payments/${payment.id}/refund`, { method: 'POST', body });
    const refusal = async (body: Record<string, unknown>) => (await failure(refund(body))).response;

    const part = await refund({ amountCents: 1000, currency: 'usd' });
    expect(part).toMatchObject({ status: 'paid', refundedCents: 1000, amountCents: 2900 });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 1000, payment_intent: session.payment_intent });
    expect(fake.requests.at(-1)).toMatchObject({
      body: { amount: '1000' },
      idempotencyKey: `refund-${payment.id}`,
    });
    expect((await photoshootRow(t, shoot)).status).not.toBe('refunded');
    // Stripe reports the partial refund: the order stands.
    await deliver(fake.event('charge.refunded', fake.refundedCharge(session.id, 1000)));
    expect((await paymentRow(t, payment.id)).status).toBe('paid');

    const made = fake.refunds.length;
    expect((await refusal({ amountCents: 1901 })).data.amountCents).toMatchObject({
      code: 'validation_max_number',
      message: 'At most $19.00 of this order is left to refund.',
    });
    for (const amountCents of [0, -5, 10.5, '100'])
      expect((await refusal({ amountCents })).data.amountCents.code).toMatch(/^validation_/);
    const currency = await refusal({ amountCents: 500, currency: 'eur' });
    expect(currency).toMatchObject({
      status: 400,
      data: { currency: { code: 'validation_currency_mismatch' } },
    });
    expect(fake.refunds).toHaveLength(made);

    // What is left goes back last, under a key of its own: the order is refunded.
    const rest = await refund({});
    expect(rest).toMatchObject({ status: 'refunded', refundedCents: 2900 });
    expect(fake.refunds.at(-1)!.amount).toBe(1900);
    expect(fake.requests.at(-1)!.idempotencyKey).toBe(`refund-${payment.id}-after-1000`);
    expect((await photoshootRow(t, shoot)).status).toBe('refunded');
  });

  it('is held by the fake to Stripe’s refund rules', async () => {
    const { payment, session } = await started();
    fake.pay(session.id);
    await verify(owner.pb, payment.id);
    const stripe = new Stripe(fake.secretKey, { ...fake.target, maxNetworkRetries: 0 });
    const intent = String(session.payment_intent);
    const code = async (p: Promise<unknown>) =>
      (await p.catch((e: unknown) => e)) as { code?: string; type?: string };
    expect(await code(stripe.refunds.create({ payment_intent: intent, amount: 3000 }))).toMatchObject({
      code: 'amount_too_large',
    });
    await stripe.refunds.create({ payment_intent: intent, amount: 900 }, { idempotencyKey: 'k1' });
    // The same key with another amount is refused, not replayed.
    expect(
      await code(stripe.refunds.create({ payment_intent: intent, amount: 800 }, { idempotencyKey: 'k1' })),
    ).toMatchObject({ type: 'StripeIdempotencyError' });
    await stripe.refunds.create({ payment_intent: intent });
    expect(fake.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([900, 2000]);
    expect(await code(stripe.refunds.create({ payment_intent: intent, amount: 1 }))).toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it.each(['refund.failed', 'charge.refund.updated'])(
    'puts a refund Stripe could not make back before the operator (%s)',
    async (type) => {
      const { payment, session } = await started();
      fake.pay(session.id);
      await verify(owner.pb, payment.id);
      const admin = await t.superuser();
      await admin.send(`/api/admin/payments/${payment.id}/refund`, { method: 'POST' });
      expect((await paymentRow(t, payment.id)).status).toBe('refunded');
      const refund = fake.refunds.at(-1)!;
      const send = async (object: Record<string, unknown>) => {
        const res = await deliver(fake.event(type, object));
        expect(res.status).toBe(200);
        return (await res.json()) as { handled: string };
      };
      // charge.refund.updated also reports refunds that are still on their way: nothing changes.
      expect((await send({ ...refund, status: 'pending' })).handled).toBe('ignored');
      expect((await paymentRow(t, payment.id)).status).toBe('refunded');

      const failed = { ...refund, status: 'failed', failure_reason: 'expired_or_canceled_card' };
      expect((await send(failed)).handled).toBe('refund failed');
      const row = await paymentRow(t, payment.id);
      expect([row.status, row.refundedAt, row.failureReason]).toEqual([
        'refund_failed',
        '',
        'Stripe could not return the money (expired or canceled card): the buyer was not refunded.',
      ]);
      // The back office finds it by its status; a redelivery changes nothing.
      const listed = await admin.collection('payments').getFullList({ filter: 'status = "refund_failed"' });
      expect(listed.map((p) => p.id)).toContain(payment.id);
      expect((await send(failed)).handled).toBe('refund failed');
      expect((await paymentRow(t, payment.id)).status).toBe('refund_failed');

      // The operator refunds again in Stripe's dashboard: charge.refunded settles it.
      await deliver(fake.event('charge.refunded', fake.refundedCharge(session.id)));
      const settled = await paymentRow(t, payment.id);
      expect([settled.status, settled.failureReason, Boolean(settled.refundedAt)]).toEqual([
        'refunded',
        '',
        true,
      ]);
    },
  );

  it('gives the buyer a clear 400 and a draft back when Stripe refuses', async () => {
    const shoot = await readyDraft(t, owner);
    await t.app.settings.patch({ payments: { stripeSecretKey: 'sk_test_wrong' } });
    try {
      const err = await failure(checkout(owner.pb, shoot, { package: starter }));
      expect(err.status).toBe(400);
      expect(err.response.message).toMatch(/Stripe could not start the checkout/);
      expect(JSON.stringify(err.response)).not.toContain('sk_test');
    } finally {
      await t.app.settings.patch({ payments: { stripeSecretKey: fake.secretKey } });
    }
    expect((await photoshootRow(t, shoot)).status).toBe('draft');
    expect((await checkout(owner.pb, shoot, { package: starter })).url).toMatch(
      /^https:\/\/checkout\.stripe\.com\//,
    );
  });
});
