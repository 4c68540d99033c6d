/**
 * Which account a provider identity lands in (PocketBase's auth-with-oauth2): an existing verified
 * account with the same email, never through an email the provider did not verify, the caller's own
 * account when signed in, and the pre-hijack protection for accounts someone registered beforehand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';
import { linkCount, startOAuth2Env, usersWithEmail, type OAuth2Env } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('OAuth2 account linking (%s)', (engine) => {
  let env: OAuth2Env;
  let su: PocketBase;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    su = await env.t.superuser();
  });
  afterAll(() => env?.close());

  it('links to an existing verified account with the same (verified) email and keeps its password', async () => {
    const bob = await env.t.user({ name: 'Bob' });
    await su.collection('users').update(bob.id, { verified: true });
    env.addAccount('bob-sub', { email: bob.email.toUpperCase(), email_verified: true, name: 'Robert' });

    const { auth } = await env.signIn('bob-sub');
    expect(auth.meta?.isNew).toBe(false);
    expect(auth.record.id).toBe(bob.id);
    expect(auth.record.name).toBe('Bob');
    expect(await usersWithEmail(env.t, bob.email)).toBe(1);
    expect(await linkCount(env.t, bob.id)).toBe(1);
    // A verified account is not at risk of pre-hijacking: the owner's password and sessions survive.
    await expect(
      env.t.client().collection('users').authWithPassword(bob.email, bob.password),
    ).resolves.toBeTruthy();
    await expect(bob.pb.collection('users').authRefresh()).resolves.toBeTruthy();
  });

  it('takes over a pre-registered unverified account only by resetting its password and sessions', async () => {
    // Someone registered carol's address before she ever signed in, and holds a session.
    const squatter = await env.t.user({ name: 'Not Carol' });
    const oldToken = squatter.pb.authStore.token;
    env.addAccount('carol-sub', { email: squatter.email, email_verified: true, name: 'Carol' });

    const { auth } = await env.signIn('carol-sub');
    expect(auth.meta?.isNew).toBe(false);
    expect(auth.record.id).toBe(squatter.id);
    expect(auth.record.verified).toBe(true);
    const pw = await failure(
      env.t.client().collection('users').authWithPassword(squatter.email, squatter.password),
    );
    expect(pw?.status).toBe(400);
    const stale = env.t.client();
    stale.authStore.save(oldToken, null);
    expect((await failure(stale.collection('users').authRefresh()))?.status).toBe(401);
    // The new token works.
    await expect(
      env.t
        .client()
        .collection('users')
        .authRefresh({ headers: { Authorization: auth.token } }),
    ).resolves.toBeTruthy();
  });

  it('refuses to link by an email the provider has not verified, and creates nothing', async () => {
    const dave = await env.t.user({ name: 'Dave' });
    await su.collection('users').update(dave.id, { verified: true });
    env.addAccount('dave-sub', { email: dave.email, email_verified: false, name: 'Mallory' });
    const before = await env.t.app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "users"`);

    const err = await failure(env.signIn('dave-sub'));
    expect(err?.status).toBe(400);
    expect(err?.response.message).toMatch(/hasn't verified this email address/);
    expect(err?.response.data.email.code).toBe('validation_oauth2_email_unverified');
    expect(await linkCount(env.t, dave.id)).toBe(0);
    const after = await env.t.app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "users"`);
    expect(Number(after?.n)).toBe(Number(before?.n));
    await expect(
      env.t.client().collection('users').authWithPassword(dave.email, dave.password),
    ).resolves.toBeTruthy();
    await expect(dave.pb.collection('users').authRefresh()).resolves.toBeTruthy();
  });

  it('signs up with an unverified email as an unverified user, whose link dies once the owner verifies', async () => {
    env.addAccount('erin-sub', { email: 'erin@example.com', email_verified: false, name: 'Erin' });
    const { auth } = await env.signIn('erin-sub');
    expect(auth.meta?.isNew).toBe(true);
    expect(auth.record.verified).toBe(false);
    const again = await env.signIn('erin-sub');
    expect(again.auth.record.id).toBe(auth.record.id);

    // The mailbox owner proves the address (here: an operator marks it verified). The link was made
    // while the address was unproven, so it may be a squatter's: it goes, and so does the way in.
    await su.collection('users').update(auth.record.id, { verified: true });
    for (let i = 0; i < 50 && (await linkCount(env.t, auth.record.id)) > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await linkCount(env.t, auth.record.id)).toBe(0);
    const err = await failure(env.signIn('erin-sub'));
    expect(err?.status).toBe(400);
    expect(err?.response.data.email.code).toBe('validation_oauth2_email_unverified');
  });

  it('links a provider to the signed-in account even with another email, without touching its password', async () => {
    const grace = await env.t.user({ name: 'Grace' });
    env.addAccount('grace-work', {
      email: 'grace.work@example.org',
      email_verified: true,
      name: 'Grace at Work',
    });

    const { auth } = await env.signIn('grace-work', { pb: grace.pb });
    expect(auth.meta?.isNew).toBe(false);
    expect(auth.record.id).toBe(grace.id);
    expect(auth.record.email).toBe(grace.email);
    expect(auth.record.verified).toBe(false);
    expect(await usersWithEmail(env.t, 'grace.work@example.org')).toBe(0);
    await expect(
      env.t.client().collection('users').authWithPassword(grace.email, grace.password),
    ).resolves.toBeTruthy();

    // Later, signed out, the provider identity finds her account through the link.
    const later = await env.signIn('grace-work');
    expect(later.auth.record.id).toBe(grace.id);
    expect(later.auth.meta?.isNew).toBe(false);
  });

  it('validates createData like a normal sign-up and creates nothing when it is invalid', async () => {
    env.addAccount('heidi-sub', { email: 'heidi@example.com', email_verified: true, name: 'Heidi' });
    const err = await failure(
      env.signIn('heidi-sub', { createData: { companyName: 'x'.repeat(300), verified: false } }),
    );
    expect(err?.status).toBe(400);
    expect(err?.response.data.companyName.code).toBe('validation_max_text_constraint');
    expect(await usersWithEmail(env.t, 'heidi@example.com')).toBe(0);
    const link = await env.t.app.db.get(`SELECT 1 AS x FROM "_externalAuths" WHERE "providerId" = ?`, [
      'heidi-sub',
    ]);
    expect(link).toBeUndefined();
  });
});
