/**
 * Creating a team and buying its seats: the owner's membership is written with the team; team
 * packages go through the same quote, checkout, providers (sandbox, Stripe fake), coupons and
 * exactly-once fulfilment as photoshoots; a refund removes unused seats and never those in use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type TestServer } from '../support/harness.js';
import { FakeStripe } from '../payments/support/fake-stripe.js';
import {
  coupon,
  packageId,
  paymentRow,
  receiptsTo,
  sandboxComplete,
  startPaymentsServer,
  verify,
} from '../payments/support/world.js';
import type { RecordData } from '../../src/core/records/codec.js';
import { buildTeam, createTeam, person, seats, setSeats, type Team } from './support.js';
import { failure } from '../support/errors.js';

type Checkout = { payment: RecordData & { id: string }; url?: string; paid?: boolean };

const quote = (t: Team, body: Record<string, unknown>) =>
  t.owner.pb.send<RecordData>(`/api/teams/${t.id}/quote`, { method: 'POST', body });
const checkout = (t: Team, body: Record<string, unknown>, pb = t.owner.pb) =>
  pb.send<Checkout>(`/api/teams/${t.id}/checkout`, { method: 'POST', body });

describe.each(engines)('creating a team and buying seats (%s)', (engine) => {
  let t: TestServer;
  let team: Team;
  let team5: string;
  let team20: string;
  let perSeat: string;
  beforeAll(async () => {
    t = await startPaymentsServer(engine);
    team = await buildTeam(t);
    [team5, team20, perSeat] = [
      await packageId(t, 'team-5'),
      await packageId(t, 'team-20'),
      await packageId(t, 'team-seat'),
    ];
  });
  afterAll(() => t?.close());

  it('the creator owns the new team, with their membership written in the same transaction', async () => {
    const founder = await person(t);
    const created = await createTeam(founder.pb, {
      name: 'Founders',
      company: 'Founders Ltd',
      seatsTotal: 99,
    });
    expect(created).toMatchObject({
      name: 'Founders',
      company: 'Founders Ltd',
      owner: founder.id,
      seatsTotal: 0,
    });
    const members = await founder.pb
      .collection('team_members')
      .getFullList({ filter: `team = "${created.id}"` });
    expect(members).toEqual([expect.objectContaining({ user: founder.id, role: 'owner' })]);
    // Bad input: the field at fault, and no orphan team.
    const bad = await failure(createTeam(founder.pb, { name: '' }));
    expect(bad.status).toBe(400);
    expect(bad.response.data).toMatchObject({ name: { code: 'validation_required' } });
    expect((await failure(createTeam(t.client(), { name: 'Guest team' }))).status).toBe(401);
    const count = await t.app.db.get<{ n: unknown }>(`SELECT COUNT(*) AS "n" FROM "teams" WHERE "name" = ''`);
    expect(Number(count?.n)).toBe(0);
  });

  it('quotes a per-seat package times the quantity, with a coupon; bundles one at a time; no individual packages', async () => {
    await coupon(t, { code: 'TEAM10', percentOff: 10, appliesTo: 'team' });
    expect(await quote(team, { package: perSeat, quantity: 3, coupon: 'team10' })).toEqual({
      priceCents: 13500,
      discountCents: 1350,
      amountDueCents: 12150,
      currency: 'usd',
      coupon: { code: 'TEAM10', percentOff: 10 },
      quantity: 3,
      seats: 3,
    });
    expect(await quote(team, { package: team5 })).toMatchObject({ priceCents: 19900, quantity: 1, seats: 5 });
    const bundle = await failure(quote(team, { package: team5, quantity: 2 }));
    expect(bundle.response.data).toMatchObject({
      quantity: { code: 'validation_invalid_quantity', message: 'This package is bought one at a time.' },
    });
    const tooMany = await failure(quote(team, { package: perSeat, quantity: 101 }));
    expect(tooMany.response.data).toMatchObject({ quantity: { params: { min: 1, max: 100 } } });
    const individual = await failure(quote(team, { package: await packageId(t, 'starter') }));
    expect(individual.response.data).toMatchObject({ package: { code: 'validation_package_unavailable' } });
    const zero = await failure(quote(team, { package: perSeat, quantity: 0 }));
    expect(zero.response.data).toMatchObject({ quantity: { code: 'validation_invalid_quantity' } });
  });

  it('sandbox: checkout, pay, verify twice → seats added once, receipt once, payment refers to the team', async () => {
    await setSeats(t, team.id, 0);
    const started = await checkout(team, { package: perSeat, quantity: 3 });
    const page = await team.owner.pb.send<RecordData>(`/api/payments/sandbox/${started.payment.id}`, {});
    expect(page).toMatchObject({ description: '3 team seats (Team seat)', amountCents: 13500 });
    expect(started.url).toMatch(new RegExp(`/sandbox/checkout/${started.payment.id}$`));
    expect(started.payment).toMatchObject({
      team: team.id,
      quantity: 3,
      amountCents: 13500,
      status: 'pending',
    });
    expect(await seats(t, team.id)).toEqual({ total: 0, used: 0 });
    await sandboxComplete(team.owner.pb, started.payment.id, 'paid');
    await Promise.all([verify(team.owner.pb, started.payment.id), verify(team.owner.pb, started.payment.id)]);
    expect(await seats(t, team.id)).toEqual({ total: 3, used: 0 });
    expect(await paymentRow(t, started.payment.id)).toMatchObject({
      status: 'paid',
      team: team.id,
      photoshoot: '',
    });
    const receipts = await receiptsTo(t, team.owner.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('3 seats were added to Acme');
  });

  it('a cancelled checkout adds nothing; a 100% coupon adds the seats at once', async () => {
    await setSeats(t, team.id, 0);
    const started = await checkout(team, { package: team5 });
    await sandboxComplete(team.owner.pb, started.payment.id, 'cancelled');
    expect(await seats(t, team.id)).toEqual({ total: 0, used: 0 });
    await coupon(t, { code: 'FREETEAM', percentOff: 100, maxRedemptions: 1 });
    const free = await checkout(team, { package: team20, coupon: 'FREETEAM' });
    expect(free).toMatchObject({ paid: true, payment: { status: 'paid', provider: 'free', amountCents: 0 } });
    expect(await seats(t, team.id)).toEqual({ total: 20, used: 0 });
    const usedUp = await failure(checkout(team, { package: team20, coupon: 'FREETEAM' }));
    expect(usedUp.response.data).toMatchObject({ coupon: { code: 'validation_coupon_used_up' } });
  });

  it('two free checkouts racing for the last use of a coupon: one adds its seats, the other writes nothing', async () => {
    await setSeats(t, team.id, 0);
    await coupon(t, { code: 'LASTFREE', percentOff: 100, maxRedemptions: 1 });
    const outcomes = await Promise.allSettled([
      checkout(team, { package: team5, coupon: 'LASTFREE' }),
      checkout(team, { package: team5, coupon: 'LASTFREE' }),
    ]);
    const paid = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const err = refused[0] as { status: number; response: { data: Record<string, unknown> } };
    expect(err.status).toBe(400);
    expect(err.response.data).toMatchObject({ coupon: { code: 'validation_coupon_used_up' } });
    // The order is decided in the checkout's transaction: no failed payment is left behind.
    const rows = await t.app.db.all<{ status: string }>(
      `SELECT "status" FROM "payments" WHERE "couponCode" = ?`,
      ['LASTFREE'],
    );
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    expect(await seats(t, team.id)).toEqual({ total: 5, used: 0 });
  });

  it('a refund removes unused seats and never goes below those in use', async () => {
    const su = await t.superuser();
    await setSeats(t, team.id, 0);
    const first = await checkout(team, { package: team5 });
    await sandboxComplete(team.owner.pb, first.payment.id, 'paid');
    const second = await checkout(team, { package: team5 });
    await sandboxComplete(team.owner.pb, second.payment.id, 'paid');
    expect(await seats(t, team.id)).toEqual({ total: 10, used: 0 });
    await setSeats(t, team.id, 10, 7);
    await su.send(`/api/admin/payments/${first.payment.id}/refund`, { method: 'POST' });
    expect(await seats(t, team.id)).toEqual({ total: 7, used: 7 });
    expect((await paymentRow(t, first.payment.id)).status).toBe('refunded');
    await setSeats(t, team.id, 7, 1);
    await su.send(`/api/admin/payments/${second.payment.id}/refund`, { method: 'POST' });
    expect(await seats(t, team.id)).toEqual({ total: 2, used: 1 });
    await t.app.mailer.idle();
    const { items } = await t.app.mailer.listOutbox(10_000);
    const refunds = items.filter(
      (m) => m.to.includes(team.owner.email) && m.text.includes(second.payment.id),
    );
    expect(refunds.find((m) => /refund/i.test(m.subject))?.text).toContain(
      'The seats of this order that were not used yet were removed from your team.',
    );
  });

  it('only owners and admins of the team buy; members are refused, outsiders see nothing', async () => {
    expect((await failure(checkout(team, { package: team5 }, team.member.pb))).status).toBe(403);
    const outsider = await person(t);
    expect((await failure(checkout(team, { package: team5 }, outsider.pb))).status).toBe(404);
    const byAdmin = await checkout(team, { package: team5 }, team.admin.pb);
    expect(byAdmin.payment).toMatchObject({ user: team.admin.id, team: team.id });
  });
});

describe.each(engines)('team seats through Stripe (%s)', (engine) => {
  let t: TestServer;
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await new FakeStripe().start();
    t = await startPaymentsServer(engine, fake);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.stop();
  });

  it('opens a Checkout Session for the seats and adds them once paid', async () => {
    const team = await buildTeam(t, 'Stripe Team');
    const started = await checkout(team, { package: await packageId(t, 'team-seat'), quantity: 3 });
    const session = fake.sessionFor(started.payment.id);
    expect(session.success_url).toBe(
      `http://127.0.0.1:8090/teams/payment-return?payment=${started.payment.id}&team=${team.id}`,
    );
    expect(session.line_items_sent).toEqual([
      expect.objectContaining({
        price_data: expect.objectContaining({
          unit_amount: '13500',
          product_data: expect.objectContaining({ name: 'Team seat: 3 team seats' }),
        }),
      }),
    ]);
    expect((await verify(team.owner.pb, started.payment.id)).status).toBe('pending');
    fake.pay(session.id);
    expect((await verify(team.owner.pb, started.payment.id)).status).toBe('paid');
    expect(await seats(t, team.id)).toEqual({ total: 3, used: 0 });
  });
});
