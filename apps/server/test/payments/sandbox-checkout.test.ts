/**
 * Checkout with the sandbox provider: preconditions, the open checkout, the sandbox page's
 * endpoints, fulfilment and its receipt, cancellation, free orders, and coupon redemption under
 * 50 concurrent buyers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import {
  acceptedPhotos,
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
  sandboxView,
  startPaymentsServer,
  verify,
  type Buyer,
} from './support/world.js';
import { failure } from '../support/errors.js';

describe.each(engines)('sandbox checkout (%s)', (engine) => {
  let t: TestServer;
  let owner: Buyer;
  let starter: string;
  let professional: string;

  beforeAll(async () => {
    t = await startPaymentsServer(engine);
    owner = await buyer(t);
    starter = await packageId(t, 'starter');
    professional = await packageId(t, 'professional');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a draft that is not ready, naming each missing piece', async () => {
    const bare = (await owner.pb.collection('photoshoots').create({ user: owner.id })).id;
    await acceptedPhotos(t, bare, owner.id, 3);
    await acceptedPhotos(t, bare, owner.id, 4, 'rejected');
    const err = await failure(checkout(owner.pb, bare, { package: starter }));
    expect(err.status).toBe(400);
    expect(err.response.data.photos).toMatchObject({
      code: 'validation_not_enough_photos',
      params: { min: 6, accepted: 3 },
    });
    expect(err.response.data.styles.code).toBe('validation_required');

    const tooMany = await readyDraft(t, owner, { styles: 2 });
    const err2 = await failure(checkout(owner.pb, tooMany, { package: starter }));
    expect(err2.response.data).toEqual({
      styles: expect.objectContaining({ code: 'validation_too_many_styles', params: { max: 1, chosen: 2 } }),
    });
    expect(err2.response.message).toMatch(/includes 1 style; you chose 2/);
    expect((await photoshootRow(t, tooMany)).status).toBe('draft');
    // The bigger package fits.
    expect((await checkout(owner.pb, tooMany, { package: professional })).url).toBeTruthy();
  });

  it('takes the order to pending_payment and hands back the open checkout for the same order', async () => {
    const shoot = await readyDraft(t, owner);
    await coupon(t, { code: 'SAND20', percentOff: 20 });
    const first = await checkout(owner.pb, shoot, { package: starter, coupon: 'sand20' });
    expect(first.url).toBe(`http://127.0.0.1:8090/sandbox/checkout/${first.payment.id}`);
    expect(first.payment).toMatchObject({
      status: 'pending',
      provider: 'sandbox',
      priceCents: 2900,
      discountCents: 580,
      amountCents: 2320,
      couponCode: 'SAND20',
      user: owner.id,
      photoshoot: shoot,
      package: starter,
    });
    const ps = await photoshootRow(t, shoot);
    expect(ps).toMatchObject({
      status: 'pending_payment',
      package: starter,
      priceCents: 2900,
      discountCents: 580,
      amountDueCents: 2320,
      currency: 'usd',
      payment: first.payment.id,
    });
    const again = await checkout(owner.pb, shoot, { package: starter, coupon: 'SAND20' });
    expect(again.payment.id).toBe(first.payment.id);
    expect(again.url).toBe(first.url);

    // A different order replaces the open one.
    const other = await checkout(owner.pb, shoot, { package: starter });
    expect(other.payment.id).not.toBe(first.payment.id);
    expect((await paymentRow(t, first.payment.id)).status).toBe('cancelled');
    expect(await moves(t, shoot)).toEqual([
      '∅→draft',
      'draft→pending_payment',
      'pending_payment→draft',
      'draft→pending_payment',
    ]);
  });

  it('shows the sandbox page its payment and fulfils once when the buyer pays', async () => {
    const shoot = await readyDraft(t, owner);
    const c = await coupon(t, { code: 'PAYONCE', amountOffCents: 900, maxRedemptions: 5 });
    const { payment } = await checkout(owner.pb, shoot, { package: starter, coupon: 'PAYONCE' });
    const view = await sandboxView(owner.pb, payment.id);
    expect(view).toMatchObject({
      id: payment.id,
      amountCents: 2000,
      status: 'pending',
      packageName: 'Starter',
    });
    const stranger = await buyer(t);
    expect((await failure(sandboxView(stranger.pb, payment.id))).status).toBe(404);
    expect((await failure(sandboxComplete(stranger.pb, payment.id, 'paid'))).status).toBe(404);
    expect((await failure(sandboxComplete(owner.pb, payment.id, 'maybe'))).response.data.outcome.code).toBe(
      'validation_invalid_value',
    );

    const paid = await sandboxComplete(owner.pb, payment.id, 'paid');
    expect(paid).toMatchObject({ status: 'paid', amountCents: 2000 });
    expect(paid.paidAt).toBeTruthy();
    expect((await photoshootRow(t, shoot)).status).toBe('queued');
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
    // Verifying afterwards, and paying again, change nothing.
    expect((await verify(owner.pb, payment.id)).status).toBe('paid');
    const twice = await failure(sandboxComplete(owner.pb, payment.id, 'paid'));
    expect(twice.status).toBe(400);
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
    const receipts = (await receiptsTo(t, owner.email)).filter((m) => m.text.includes(payment.id));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toMatch(/Total paid: \$20\.00/);
    expect(receipts[0]!.text).toMatch(/Discount \(PAYONCE\): -\$9\.00/);
    expect(await moves(t, shoot)).toEqual(['∅→draft', 'draft→pending_payment', 'pending_payment→queued']);
  });

  it('returns the photoshoot to draft when the buyer cancels or the payment fails', async () => {
    for (const outcome of ['cancelled', 'failed'] as const) {
      const shoot = await readyDraft(t, owner);
      const { payment } = await checkout(owner.pb, shoot, { package: starter });
      const closed = await sandboxComplete(owner.pb, payment.id, outcome);
      expect(closed.status).toBe(outcome);
      expect(closed.failureReason).toBeTruthy();
      expect((await photoshootRow(t, shoot)).status).toBe('draft');
      expect((await verify(owner.pb, payment.id)).status).toBe(outcome);
      // The buyer can check out again.
      expect((await checkout(owner.pb, shoot, { package: starter })).payment.status).toBe('pending');
    }
  });

  it('queues a fully discounted order at once, without a provider', async () => {
    const shoot = await readyDraft(t, owner);
    const c = await coupon(t, { code: 'FREEBIE', percentOff: 100, maxRedemptions: 1 });
    const res = await checkout(owner.pb, shoot, { package: starter, coupon: 'FREEBIE' });
    expect(res.paid).toBe(true);
    expect(res.url).toBeUndefined();
    expect(res.payment).toMatchObject({
      provider: 'free',
      status: 'paid',
      amountCents: 0,
      discountCents: 2900,
    });
    expect((await photoshootRow(t, shoot)).status).toBe('queued');
    expect(await moves(t, shoot)).toEqual(['∅→draft', 'draft→queued']);
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
    expect((await receiptsTo(t, owner.email)).filter((m) => m.text.includes(res.payment.id))).toHaveLength(1);
    // Used up now: the next buyer is told so at checkout and stays in draft.
    const next = await readyDraft(t, owner);
    const err = await failure(checkout(owner.pb, next, { package: starter, coupon: 'freebie' }));
    expect(err.response.data.coupon.code).toBe('validation_coupon_used_up');
    expect((await photoshootRow(t, next)).status).toBe('draft');
    expect((await failure(checkout(owner.pb, shoot, { package: starter }))).response.data.status.code).toBe(
      'validation_photoshoot_not_draft',
    );
  });

  it('gives a once-only coupon to exactly one of 50 buyers completing at the same time', async () => {
    const c = await coupon(t, { code: 'ONLYONE', percentOff: 50, maxRedemptions: 1 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(t)));
    const shoots: string[] = [];
    for (const b of buyers) shoots.push(await readyDraft(t, b));
    const started = await Promise.all(
      buyers.map((b, i) => checkout(b.pb, shoots[i]!, { package: starter, coupon: 'ONLYONE' })),
    );
    expect(started.every((s) => s.payment.discountCents === 1450)).toBe(true);
    const settled = await Promise.all(
      buyers.map((b, i) => sandboxComplete(b.pb, started[i]!.payment.id, 'paid')),
    );
    const winners = settled.filter((p) => p.status === 'paid');
    const losers = settled.filter((p) => p.status !== 'paid');
    expect(winners).toHaveLength(1);
    expect(winners[0]!.discountCents).toBe(1450);
    expect(losers).toHaveLength(49);
    for (const p of losers) {
      expect(p.status).toBe('failed');
      expect(p.failureReason).toMatch(/coupon ONLYONE was used up/);
      expect((await photoshootRow(t, String(p.photoshoot))).status).toBe('draft');
    }
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
    const queued = await Promise.all(shoots.map(async (id) => (await photoshootRow(t, id)).status));
    expect(queued.filter((s) => s === 'queued')).toHaveLength(1);
  });

  it('gives a free once-only coupon to exactly one of 50 simultaneous checkouts', async () => {
    const c = await coupon(t, { code: 'FIRSTFREE', percentOff: 100, maxRedemptions: 1 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => buyer(t)));
    const shoots: string[] = [];
    for (const b of buyers) shoots.push(await readyDraft(t, b));
    const results = await Promise.allSettled(
      buyers.map((b, i) => checkout(b.pb, shoots[i]!, { package: starter, coupon: 'FIRSTFREE' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.reason.response.data.coupon.code).toBe('validation_coupon_used_up');
    expect((await couponRow(t, String(c.id))).redemptions).toBe(1);
  });

  it('hides the sandbox when Stripe is the provider', async () => {
    const shoot = await readyDraft(t, owner);
    const { payment } = await checkout(owner.pb, shoot, { package: starter });
    await t.app.settings.patch({
      payments: { provider: 'stripe', stripeSecretKey: 'sk_test_x', stripeWebhookSecret: 'whsec_x' },
    });
    try {
      expect((await failure(sandboxView(owner.pb, payment.id))).status).toBe(404);
      expect((await failure(sandboxComplete(owner.pb, payment.id, 'paid'))).status).toBe(404);
    } finally {
      await t.app.settings.patch({ payments: { provider: 'sandbox' } });
    }
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });
});
