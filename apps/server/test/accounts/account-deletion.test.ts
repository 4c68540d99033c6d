import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { engines } from '../support/harness.js';
import { failure, startAccounts, type AccountsContext } from './support/context.js';

/** Stands in for the product collections still to come (photos, orders...): owned via a cascading relation. */
const diary = defineCollection({
  name: 'diary',
  fields: [f.text('note'), f.relation('owner', 'users', { required: true, cascadeDelete: true })],
  listRule: 'owner = @request.auth.id',
  viewRule: 'owner = @request.auth.id',
  createRule: 'owner = @request.auth.id',
  deleteRule: 'owner = @request.auth.id',
});

describe.each(engines)("deleting one's own account (%s)", (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine, { collections: [diary] });
  });
  afterAll(() => c.close());

  it('removes the record, what it owns, its pending codes and every session', async () => {
    const me = await c.t.user();
    const other = await c.t.user();
    await me.pb.collection('diary').create({ note: 'mine 1', owner: me.id });
    await me.pb.collection('diary').create({ note: 'mine 2', owner: me.id });
    const kept = await other.pb.collection('diary').create({ note: 'theirs', owner: other.id });
    await c.t.client().collection('users').requestOTP(me.email);
    await c.t.client().collection('users').requestOTP(other.email);
    const otps = (id: string) =>
      c.t.app.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "_otps" WHERE "recordRef" = ?`, [id]);
    expect(Number((await otps(me.id))!.n)).toBe(1);

    const someoneElse = await failure(() => other.pb.collection('users').delete(me.id));
    expect(someoneElse.status).toBe(404);

    await expect(me.pb.collection('users').delete(me.id)).resolves.toBe(true);
    expect((await failure(() => c.su.collection('users').getOne(me.id))).status).toBe(404);
    expect(
      await c.su.collection('diary').getFullList({ filter: c.su.filter('owner = {:id}', { id: me.id }) }),
    ).toHaveLength(0);
    expect((await c.su.collection('diary').getOne(kept.id)).note).toBe('theirs');
    await expect.poll(async () => Number((await otps(me.id))!.n)).toBe(0);
    expect(Number((await otps(other.id))!.n)).toBe(1);
    expect((await failure(() => me.pb.collection('users').authRefresh())).status).toBe(401);
    expect(
      (await failure(() => c.t.client().collection('users').authWithPassword(me.email, me.password))).status,
    ).toBe(400);
    // The address is free again.
    await c.t
      .client()
      .collection('users')
      .create({ email: me.email, password: 'again-password-1', passwordConfirm: 'again-password-1' });
  });
});
