/**
 * `_externalAuths` through the records API: the SDK's `listExternalAuths` and
 * `unlinkExternalAuth` work for a record's own links; nobody else sees or deletes them, and nobody
 * creates or edits links through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';
import { linkCount, startOAuth2Env, type OAuth2Env } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('_externalAuths API (%s)', (engine) => {
  let env: OAuth2Env;
  let su: PocketBase;
  let n = 0;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    su = await env.t.superuser();
  });
  afterAll(() => env?.close());

  /** A verified user who linked a provider account (with another email) while signed in. */
  async function linkedUser() {
    const u = await env.t.user();
    await su.collection('users').update(u.id, { verified: true });
    const sub = `ext-${++n}`;
    env.addAccount(sub, { email: `elsewhere${n}@provider.test`, email_verified: true });
    const pb = env.t.client();
    pb.authStore.save(u.pb.authStore.token, u.pb.authStore.record);
    await env.signIn(sub, { pb });
    return { ...u, sub };
  }

  it('lists a record its own links, with the PocketBase fields and nothing internal', async () => {
    const u = await linkedUser();
    const links = await u.pb.collection('users').listExternalAuths(u.id);
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link).toMatchObject({
      collectionName: '_externalAuths',
      collectionRef: '_pb_users_auth_',
      recordRef: u.id,
      provider: 'oidc',
      providerId: u.sub,
    });
    expect(Object.keys(link!).sort()).toEqual(
      [
        'collectionId',
        'collectionName',
        'collectionRef',
        'created',
        'id',
        'provider',
        'providerId',
        'recordRef',
        'updated',
      ].sort(),
    );
    expect((await u.pb.collection('_externalAuths').getOne(link!.id)).id).toBe(link!.id);
    // A superuser sees every link, hidden flag included.
    const all = await su.collection('_externalAuths').getFullList({ filter: `recordRef = "${u.id}"` });
    expect(all).toHaveLength(1);
    expect(all[0]).toHaveProperty('unproven', false);
  });

  it('unlinks through the SDK; the provider account then no longer signs in to it', async () => {
    const u = await linkedUser();
    await expect(u.pb.collection('users').unlinkExternalAuth(u.id, 'oidc')).resolves.toBe(true);
    expect(await u.pb.collection('users').listExternalAuths(u.id)).toEqual([]);
    expect(await linkCount(env.t, u.id)).toBe(0);
    const { auth } = await env.signIn(u.sub);
    expect(auth.record.id).not.toBe(u.id);
    expect(auth.meta?.isNew).toBe(true);
  });

  it('another user and a guest see and delete nothing', async () => {
    const u = await linkedUser();
    const other = await env.t.user();
    const [link] = await u.pb.collection('users').listExternalAuths(u.id);

    expect(await other.pb.collection('users').listExternalAuths(u.id)).toEqual([]);
    expect((await failure(other.pb.collection('_externalAuths').getOne(link!.id))).status).toBe(404);
    expect((await failure(other.pb.collection('_externalAuths').delete(link!.id))).status).toBe(404);
    expect((await failure(other.pb.collection('users').unlinkExternalAuth(u.id, 'oidc'))).status).toBe(404);
    const guest = env.t.client();
    expect(await guest.collection('_externalAuths').getFullList()).toEqual([]);
    expect((await failure(guest.collection('_externalAuths').delete(link!.id))).status).toBe(404);
    // The hidden flag cannot be probed through a filter either.
    const probe = await failure(
      other.pb.collection('_externalAuths').getList(1, 10, { filter: 'unproven = true' }),
    );
    expect(probe.status).toBe(400);
    expect(await linkCount(env.t, u.id)).toBe(1);
  });

  it('nobody but a superuser creates or edits links through the API', async () => {
    const u = await linkedUser();
    const [link] = await u.pb.collection('users').listExternalAuths(u.id);
    const forged = {
      collectionRef: '_pb_users_auth_',
      recordRef: u.id,
      provider: 'oidc',
      providerId: 'attacker-sub',
    };
    const create = await failure(u.pb.collection('_externalAuths').create(forged));
    expect(create.status).toBe(403);
    expect(create.response.message).toBe('Only superusers can perform this action.');
    const update = await failure(u.pb.collection('_externalAuths').update(link!.id, { providerId: 'x' }));
    expect(update.status).toBe(403);
    const guest = await failure(env.t.client().collection('_externalAuths').create(forged));
    expect(guest.status).toBe(403);
    expect((await u.pb.collection('users').listExternalAuths(u.id))[0]!.providerId).toBe(u.sub);
  });
});
