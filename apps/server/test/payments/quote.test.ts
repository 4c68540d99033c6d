/** The quote: prices from the package, coupon discounts, and a sentence for every unusable coupon. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import {
  buyer,
  checkout,
  coupon,
  packageId,
  photoshootRow,
  quote,
  readyDraft,
  startPaymentsServer,
  type Buyer,
} from './support/world.js';
import { failure } from '../support/errors.js';
import { put } from '../support/records.js';

describe.each(engines)('quote (%s)', (engine) => {
  let t: TestServer;
  let owner: Buyer;
  let shoot: string;
  let starter: string;
  let professional: string;

  beforeAll(async () => {
    t = await startPaymentsServer(engine);
    owner = await buyer(t);
    shoot = (await owner.pb.collection('photoshoots').create({ user: owner.id, title: 'Q' })).id;
    starter = await packageId(t, 'starter');
    professional = await packageId(t, 'professional');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prices a package from the catalogue without a coupon', async () => {
    const pkg = await t.app.records.findById(t.app.registry.require('packages'), professional);
    const q = await quote(owner.pb, shoot, { package: professional });
    expect(q).toEqual({
      priceCents: pkg!.priceCents,
      discountCents: 0,
      amountDueCents: pkg!.priceCents,
      currency: pkg!.currency,
    });
  });

  it('applies percentage and amount coupons, case-insensitively, never below zero', async () => {
    await coupon(t, { code: 'TENOFF', percentOff: 10 });
    await coupon(t, { code: 'FIVER', amountOffCents: 500, currency: 'usd' });
    await coupon(t, { code: 'HUGE', amountOffCents: 1_000_000 });
    const ten = await quote(owner.pb, shoot, { package: professional, coupon: 'tenoff' });
    expect(ten).toMatchObject({ priceCents: 4900, discountCents: 490, amountDueCents: 4410 });
    expect(ten.coupon).toEqual({ code: 'TENOFF', percentOff: 10 });
    const fiver = await quote(owner.pb, shoot, { package: starter, coupon: ' Fiver ' });
    expect(fiver).toMatchObject({ priceCents: 2900, discountCents: 500, amountDueCents: 2400 });
    expect(fiver.coupon).toEqual({ code: 'FIVER', amountOffCents: 500 });
    const huge = await quote(owner.pb, shoot, { package: starter, coupon: 'HUGE' });
    expect(huge).toMatchObject({ discountCents: 2900, amountDueCents: 0 });
  });

  it('waives a remainder below the smallest card payment instead of quoting an uncollectable amount', async () => {
    await coupon(t, { code: 'ALMOST', percentOff: 99 });
    await coupon(t, { code: 'EDGE', amountOffCents: 2850, currency: 'usd' });
    await coupon(t, { code: 'UNDER', amountOffCents: 2851, currency: 'usd' });
    // 2900 − 2871 leaves 29 cents, under Stripe's 50: nothing is due.
    const almost = await quote(owner.pb, shoot, { package: starter, coupon: 'ALMOST' });
    expect(almost).toMatchObject({
      priceCents: 2900,
      discountCents: 2900,
      amountDueCents: 0,
      waivedCents: 29,
      minimumChargeCents: 50,
    });
    // Exactly the minimum is charged as it is.
    const edge = await quote(owner.pb, shoot, { package: starter, coupon: 'EDGE' });
    expect(edge).toMatchObject({ discountCents: 2850, amountDueCents: 50 });
    expect(edge).not.toHaveProperty('waivedCents');
    const under = await quote(owner.pb, shoot, { package: starter, coupon: 'UNDER' });
    expect(under).toMatchObject({ discountCents: 2900, amountDueCents: 0, waivedCents: 49 });

    // Checkout agrees with the quote: a free order, queued at once, with no provider involved.
    const draft = await readyDraft(t, owner);
    const res = await checkout(owner.pb, draft, { package: starter, coupon: 'ALMOST' });
    expect(res.paid).toBe(true);
    expect(res.payment).toMatchObject({ provider: 'free', amountCents: 0, discountCents: 2900 });
    expect((await photoshootRow(t, draft)).status).toBe('queued');
  });

  it('refuses each unusable coupon with its own sentence under data.coupon', async () => {
    const past = new Date(Date.now() - 60_000).toISOString().replace('T', ' ');
    await coupon(t, { code: 'OLD', percentOff: 10, expiresAt: past });
    await coupon(t, { code: 'OFF', percentOff: 10, active: false });
    const used = await coupon(t, { code: 'GONE', percentOff: 10, maxRedemptions: 2 });
    await t.app.db.run(`UPDATE "coupons" SET "redemptions" = 2 WHERE "id" = ?`, [used.id]);
    await coupon(t, { code: 'TEAMONLY', percentOff: 10, appliesTo: 'team' });
    await coupon(t, { code: 'PROONLY', percentOff: 10, packages: [professional] });
    await coupon(t, { code: 'EUROS', amountOffCents: 100, currency: 'eur' });
    const cases: [string, string, RegExp][] = [
      ['NOPE', 'validation_coupon_not_found', /There is no coupon NOPE/],
      ['OLD', 'validation_coupon_expired', /has expired/],
      ['OFF', 'validation_coupon_inactive', /no longer valid/],
      ['GONE', 'validation_coupon_used_up', /has been used up/],
      ['TEAMONLY', 'validation_coupon_not_applicable', /cannot be used for the Starter package/],
      ['PROONLY', 'validation_coupon_not_applicable', /cannot be used for the Starter package/],
      ['EUROS', 'validation_coupon_wrong_currency', /EUR, not USD/],
    ];
    for (const [code, errorCode, sentence] of cases) {
      const err = await failure(quote(owner.pb, shoot, { package: starter, coupon: code }));
      expect(err.status, code).toBe(400);
      expect(err.response.message, code).toMatch(sentence);
      expect(err.response.data.coupon, code).toEqual({ code: errorCode, message: err.response.message });
    }
    // The package-limited coupon works for its package.
    expect((await quote(owner.pb, shoot, { package: professional, coupon: 'PROONLY' })).discountCents).toBe(
      490,
    );
  });

  it('refuses the order checkout would refuse: more styles than the package includes', async () => {
    const five = await readyDraft(t, owner, { styles: 5 });
    const q = await failure(quote(owner.pb, five, { package: starter }));
    const c = await failure(checkout(owner.pb, five, { package: starter }));
    expect(q.status).toBe(400);
    expect(q.response).toEqual(c.response);
    expect(q.response.data.styles).toMatchObject({
      code: 'validation_too_many_styles',
      params: { max: 1, chosen: 5 },
    });
    // A package that fits is priced (a draft still missing photos or styles is priced too: see above).
    const executive = await packageId(t, 'executive');
    expect((await quote(owner.pb, five, { package: executive })).priceCents).toBeGreaterThan(0);
    const tooManyForPro = await failure(quote(owner.pb, five, { package: professional }));
    expect(tooManyForPro.response.data.styles.params).toEqual({ max: 3, chosen: 5 });
    expect((await photoshootRow(t, five)).status).toBe('draft');
  });

  it('refuses a missing, unknown, inactive or team package', async () => {
    const team = await put(t, 'packages', {
      name: 'Team 5',
      slug: 'team-5-q',
      kind: 'team',
      priceCents: 10000,
      currency: 'usd',
      stylesIncluded: 1,
      imagesPerStyle: 1,
      seats: 5,
      active: true,
    });
    const missing = await failure(quote(owner.pb, shoot, {}));
    expect(missing.status).toBe(400);
    expect(missing.response.data.package.code).toBe('validation_required');
    for (const pkg of ['nosuchpackage00', String(team.id)]) {
      const err = await failure(quote(owner.pb, shoot, { package: pkg }));
      expect(err.status).toBe(400);
      expect(err.response.data.package.code).toBe('validation_package_unavailable');
    }
    const badCoupon = await failure(quote(owner.pb, shoot, { package: starter, coupon: 42 }));
    expect(badCoupon.response.data.coupon.code).toBe('validation_invalid_value');
  });

  it('answers only the owner: 404 for another user, 401 for a guest', async () => {
    const other = await buyer(t);
    expect((await failure(quote(other.pb, shoot, { package: starter }))).status).toBe(404);
    expect((await failure(quote(t.client(), shoot, { package: starter }))).status).toBe(401);
    expect((await failure(quote(owner.pb, 'nosuchshoot0000', { package: starter }))).status).toBe(404);
  });
});
