/**
 * A coupon takes a percentage or an amount off, exactly one: the records API refuses both and
 * neither with field-level errors (what the back office's form shows next to each input).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { expectErrorBody, failure } from '../support/errors.js';

describe.each(engines)('coupon discount rule (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (fields: Record<string, unknown>) =>
    su.collection('coupons').create({ appliesTo: 'any', active: true, ...fields });

  it('refuses both kinds of discount, naming both fields', async () => {
    const err = await failure(create({ code: 'BOTH', percentOff: 10, amountOffCents: 500 }));
    expect(err.status).toBe(400);
    const data = expectErrorBody(err.response, 400);
    expect(data).toMatchObject({
      percentOff: { code: 'validation_coupon_both_discounts', message: expect.any(String) },
      amountOffCents: { code: 'validation_coupon_both_discounts' },
    });
  });

  it('refuses a coupon that takes nothing off', async () => {
    const err = await failure(create({ code: 'NOTHING' }));
    expect(err.status).toBe(400);
    expect(expectErrorBody(err.response, 400)).toMatchObject({
      percentOff: { code: 'validation_coupon_no_discount' },
    });
  });

  it('checks an edit against the stored values too', async () => {
    const c = await create({ code: 'TEN', percentOff: 10 });
    const err = await failure(su.collection('coupons').update(c.id, { amountOffCents: 300 }));
    expect(err.status).toBe(400);
    expect(Object.keys(expectErrorBody(err.response, 400)).sort()).toEqual(['amountOffCents', 'percentOff']);
    const switched = await su.collection('coupons').update(c.id, { percentOff: 0, amountOffCents: 300 });
    expect(switched).toMatchObject({ percentOff: 0, amountOffCents: 300 });
  });

  it('lets an edit that leaves the discount alone through, even on a coupon stored without one', async () => {
    // A coupon written before the rule existed (straight into the table, as an old install has it).
    const legacy = await create({ code: 'LEGACY', percentOff: 5 });
    await t.app.db.run(`UPDATE "coupons" SET "percentOff" = 0 WHERE "id" = ?`, [legacy.id]);
    const off = await su.collection('coupons').update(legacy.id, { active: false });
    expect(off).toMatchObject({ active: false, percentOff: 0, amountOffCents: 0 });
  });

  it('stays closed to customers', async () => {
    const customer = await t.user();
    const err = await failure(customer.pb.collection('coupons').create({ code: 'MINE', percentOff: 90 }));
    expect(err.status).toBe(403);
  });
});
