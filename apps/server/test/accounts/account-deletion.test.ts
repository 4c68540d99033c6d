import sharp from 'sharp';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { recordDir } from '../../src/core/files/storage.js';
import { OWNS_TEAM_MESSAGE } from '../../src/core/auth/account-deletion.js';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';
import { put } from '../support/records.js';

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
    // The address is told, once, and the mail points to no page of the gone account.
    const told = (await c.mailsTo(me.email)).filter((m) => /account was deleted/.test(m.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('You can no longer sign in with it.');
    expect(told[0]!.text).toContain('https://photos.example.test/app/contact');
    // The address is free again.
    await c.t
      .client()
      .collection('users')
      .create({ email: me.email, password: 'again-password-1', passwordConfirm: 'again-password-1' });
  });
});

/** A small JPEG (distinct per call, so uploads are not near-duplicates of each other). */
let shade = 0;
async function jpeg(name: string): Promise<File> {
  shade = (shade + 41) % 256;
  const data = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: shade, g: 90, b: 255 - shade } },
  })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(data)], name, { type: 'image/jpeg' });
}

describe.each(engines)('deleting an account with product data (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  const count = async (collection: string, where: string, params: unknown[]) =>
    Number(
      (await t.app.db.get<{ n: unknown }>(
        `SELECT COUNT(*) AS n FROM "${collection}" WHERE ${where}`,
        params,
      ))!.n,
    );
  const storedFiles = async (collection: string, id: string) => {
    await t.app.storage.idle();
    return t.app.storage.list(recordDir(t.app.registry.require(collection).id, id));
  };

  it('takes profiles, photoshoots, photos (files too) and a team owned alone; keeps payments', async () => {
    const me = await t.user();
    const other = await t.user();
    await me.pb.collection('users').update(me.id, { avatar: await jpeg('me.jpg') });
    const profile = await me.pb.collection('profiles').create({ user: me.id, name: 'Me' });
    const shoot = await me.pb.collection('photoshoots').create({ user: me.id });
    const photo = await me.pb
      .collection('original_photos')
      .create({ photoshoot: shoot.id, user: me.id, file: await jpeg('selfie.jpg') });
    expect(photo.file).toBeTruthy();
    expect(await storedFiles('original_photos', photo.id)).not.toHaveLength(0);
    expect(await storedFiles('users', me.id)).not.toHaveLength(0);
    const payment = await put(t, 'payments', {
      user: me.id,
      photoshoot: shoot.id,
      provider: 'sandbox',
      providerRef: `sandbox_${me.id}`,
      status: 'paid',
      amountCents: 2900,
      priceCents: 2900,
      currency: 'usd',
    });
    // A team only they are in, with a logo and a custom style; and someone else's data nearby.
    const team = await put(t, 'teams', { name: 'Solo', owner: me.id });
    await put(t, 'team_members', { team: team.id, user: me.id, role: 'owner' });
    await me.pb.collection('teams').update(String(team.id), { logo: await jpeg('logo.jpg') });
    expect(await storedFiles('teams', String(team.id))).not.toHaveLength(0);
    const style = await put(t, 'styles', {
      name: 'Solo Look',
      slug: `solo-look-${me.id}`,
      category: 'custom',
      framing: 'headshot',
      aspect: '4:5',
      active: true,
      team: team.id,
    });
    const theirShoot = await other.pb.collection('photoshoots').create({ user: other.id });

    await expect(me.pb.collection('users').delete(me.id)).resolves.toBe(true);

    expect(await count('users', '"id" = ?', [me.id])).toBe(0);
    expect(await count('profiles', '"id" = ?', [profile.id])).toBe(0);
    expect(await count('photoshoots', '"id" = ?', [shoot.id])).toBe(0);
    expect(await count('original_photos', '"id" = ?', [photo.id])).toBe(0);
    expect(await count('teams', '"id" = ?', [team.id])).toBe(0);
    expect(await count('team_members', '"team" = ?', [team.id])).toBe(0);
    expect(await count('styles', '"id" = ?', [style.id])).toBe(0);
    expect(await storedFiles('original_photos', photo.id)).toEqual([]);
    expect(await storedFiles('users', me.id)).toEqual([]);
    expect(await storedFiles('teams', String(team.id))).toEqual([]);
    // The payment stays for the accounts, no longer pointing at the person or the photoshoot.
    const kept = await su.collection('payments').getOne(String(payment.id));
    expect(kept).toMatchObject({ user: '', photoshoot: '', amountCents: 2900, status: 'paid' });
    expect((await other.pb.collection('photoshoots').getOne(theirShoot.id)).id).toBe(theirShoot.id);
  });

  it('is refused while they own a team with other members, and allowed once it has none', async () => {
    const me = await t.user();
    const mate = await t.user();
    const team = await put(t, 'teams', { name: 'Shared', owner: me.id });
    await put(t, 'team_members', { team: team.id, user: me.id, role: 'owner' });
    const membership = await put(t, 'team_members', { team: team.id, user: mate.id, role: 'member' });

    const refused = await failure(() => me.pb.collection('users').delete(me.id));
    expect(refused.status).toBe(400);
    expect(refused.response.message).toBe(OWNS_TEAM_MESSAGE);
    expect(refused.response.data.teams).toMatchObject({
      code: 'validation_owns_team',
      params: { ids: [team.id] },
    });
    expect(await count('users', '"id" = ?', [me.id])).toBe(1);
    expect(await count('team_members', '"team" = ?', [team.id])).toBe(2);
    // A refused deletion mails nothing.
    await t.app.mailer.idle();
    const told = async () =>
      (await t.app.mailer.listOutbox(10_000)).items.filter(
        (m) => m.to.includes(me.email) && /account was deleted/.test(m.subject),
      );
    expect(await told()).toHaveLength(0);
    // A superuser is held to the same rule: the team must not lose its owner.
    expect((await failure(() => su.collection('users').delete(me.id))).status).toBe(400);

    // Members of someone else's team just leave it.
    await mate.pb.collection('users').delete(mate.id);
    expect(await count('team_members', '"id" = ?', [membership.id])).toBe(0);
    expect(await count('teams', '"id" = ?', [team.id])).toBe(1);
    await expect(me.pb.collection('users').delete(me.id)).resolves.toBe(true);
    expect(await count('teams', '"id" = ?', [team.id])).toBe(0);
    await t.app.mailer.idle();
    expect(await told()).toHaveLength(1);
  });
});
