/**
 * Review findings on payments: a second checkout while the first is still talking to the provider,
 * a provider that cannot be reached while an open checkout is replaced, signed webhooks whose
 * metadata names a payment other than the session's, and someone else's ids on the buyer endpoints.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import { formatDate } from '../../src/tools/dates.js';
import { FakeStripe } from './support/fake-stripe.js';
import {
  WEBHOOK_SECRET,
  buyer,
  checkout,
  packageId,
  paymentRow,
  photoshootRow,
  readyDraft,
  sandboxComplete,
  sandboxView,
  startPaymentsServer,
  verify,
  type Buyer,
} from './support/world.js';
import { failure } from '../support/errors.js';

type Handle = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Holds the next "create a Checkout Session" request at the fake until `release` is called. */
function holdNextSessionCreate(fake: FakeStripe) {
  const slot = fake as unknown as { handle: Handle };
  const original = slot.handle.bind(fake);
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const arrived = new Promise<void>((r) => (reached = r));
  slot.handle = async (req, res) => {
    if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
      slot.handle = original;
      reached();
      await released;
    }
    return original(req, res);
  };
  return { arrived, release };
}

describe.each(engines)('payments review: checkout races and webhooks (%s)', (engine) => {
  let t: TestServer;
  let fake: FakeStripe;
  let owner: Buyer;
  let starter: string;
  let professional: string;

  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await startPaymentsServer(engine, fake);
    owner = await buyer(t);
    starter = await packageId(t, 'starter');
    professional = await packageId(t, 'professional');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  async function deliver(event: Record<string, unknown>): Promise<Response> {
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
  }

  const sessionsOf = (shoot: string) =>
    [...fake.sessions.values()].filter((s) => s.metadata.photoshootId === shoot);

  it('answers a second checkout made while the first is still starting with a 400, not a 500', async () => {
    const shoot = await readyDraft(t, owner);
    const hold = holdNextSessionCreate(fake);
    const first = checkout(owner.pb, shoot, { package: starter });
    await hold.arrived;
    const second = await failure(checkout(owner.pb, shoot, { package: starter }));
    expect(second.status).toBe(400);
    expect(second.response.data.payment.code).toBe('validation_checkout_starting');
    hold.release();
    const done = await first;
    const stored = await paymentRow(t, done.payment.id);
    expect(stored).toMatchObject({ status: 'pending', checkoutUrl: done.url });
    expect(await photoshootRow(t, shoot)).toMatchObject({
      status: 'pending_payment',
      payment: done.payment.id,
    });
    expect(sessionsOf(shoot)).toHaveLength(1);
  });

  it('never hands out a payable page for a payment closed while its checkout was starting', async () => {
    const shoot = await readyDraft(t, owner);
    const hold = holdNextSessionCreate(fake);
    const first = checkout(owner.pb, shoot, { package: starter });
    await hold.arrived;
    // The first start looks abandoned (as after a crash): a new checkout may take over.
    const long = formatDate(new Date(Date.now() - 10 * 60_000));
    await t.app.db.run(`UPDATE "payments" SET "created" = ? WHERE "photoshoot" = ?`, [long, shoot]);
    const second = await checkout(owner.pb, shoot, { package: professional });
    expect(second.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    hold.release();
    const late = await failure(first);
    expect(late.status).toBe(400);
    const stale = sessionsOf(shoot).filter((s) => s.metadata.paymentId !== second.payment.id);
    expect(stale).toHaveLength(1);
    expect(stale[0]!.status).toBe('expired');
    expect((await paymentRow(t, stale[0]!.metadata.paymentId!)).status).toBe('cancelled');
    expect(await photoshootRow(t, shoot)).toMatchObject({
      status: 'pending_payment',
      payment: second.payment.id,
    });
  });

  it('gives a 400 without secrets when the open checkout cannot be closed at the provider', async () => {
    const shoot = await readyDraft(t, owner);
    const open = await checkout(owner.pb, shoot, { package: starter });
    await t.app.settings.patch({ payments: { stripeSecretKey: 'sk_test_wrong_key' } });
    try {
      const err = await failure(checkout(owner.pb, shoot, { package: professional }));
      expect(err.status).toBe(400);
      expect(err.response.data.payment.code).toBe('validation_provider_unavailable');
      expect(JSON.stringify(err.response)).not.toContain('sk_test');
    } finally {
      await t.app.settings.patch({ payments: { stripeSecretKey: fake.secretKey } });
    }
    expect((await paymentRow(t, open.payment.id)).status).toBe('pending');
    expect(await photoshootRow(t, shoot)).toMatchObject({
      status: 'pending_payment',
      payment: open.payment.id,
    });
  });

  it("settles the session's own payment when a signed event's metadata names another", async () => {
    const a = await checkout(owner.pb, await readyDraft(t, owner), { package: starter });
    const b = await checkout(owner.pb, await readyDraft(t, owner), { package: starter });
    const sessionB = fake.sessionFor(b.payment.id);
    fake.pay(sessionB.id);
    const spoofed = {
      ...fake.view(sessionB),
      metadata: { paymentId: a.payment.id },
      client_reference_id: a.payment.id,
    };
    expect((await deliver(fake.event('checkout.session.completed', spoofed))).status).toBe(200);
    expect((await paymentRow(t, a.payment.id)).status).toBe('pending');
    expect((await paymentRow(t, b.payment.id)).status).toBe('paid');
  });

  it('does not fulfil a payment without a session from an event about some other session', async () => {
    const shoot = await readyDraft(t, owner);
    const hold = holdNextSessionCreate(fake);
    const started = checkout(owner.pb, shoot, { package: starter });
    await hold.arrived;
    const paymentId = String((await photoshootRow(t, shoot)).payment);
    const foreign = {
      id: 'cs_test_not_ours',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_test_not_ours',
      amount_total: 1,
      currency: 'usd',
      metadata: { paymentId },
      client_reference_id: paymentId,
    };
    expect((await deliver(fake.event('checkout.session.completed', foreign))).status).toBe(200);
    expect((await paymentRow(t, paymentId)).status).toBe('pending');
    expect((await photoshootRow(t, shoot)).status).toBe('pending_payment');
    hold.release();
    expect((await started).payment.id).toBe(paymentId);
  });

  it('keeps the raw webhook body bounded and answers in the error shape', async () => {
    const big = await fetch(`${t.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ status: 413, data: {} });
    // Other routes still parse JSON (and refuse what JSON routes refuse).
    const shoot = await readyDraft(t, owner);
    const quoted = await fetch(`${t.url}/api/photoshoots/${shoot}/quote`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', Authorization: owner.pb.authStore.token },
      body: JSON.stringify({ package: starter }),
    });
    expect(quoted.status).toBe(400);
    expect(((await quoted.json()) as { message: string }).message).toBe('Unsupported Content-Type.');
  });

  it("answers 404 for someone else's photoshoot or payment on every buyer endpoint", async () => {
    const shoot = await readyDraft(t, owner);
    const { payment } = await checkout(owner.pb, shoot, { package: starter });
    const stranger = await buyer(t);
    expect((await failure(checkout(stranger.pb, shoot, { package: starter }))).status).toBe(404);
    expect((await failure(verify(stranger.pb, payment.id))).status).toBe(404);
    expect((await failure(sandboxView(stranger.pb, payment.id))).status).toBe(404);
    expect((await failure(sandboxComplete(stranger.pb, payment.id, 'paid'))).status).toBe(404);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });
});
