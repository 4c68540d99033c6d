/**
 * Proving the mailbox ends a squatter's provider link: someone registers a victim's
 * address, signs in, and links their own provider account while the address is unproven. When the
 * mailbox owner then confirms a verification link or signs in with a mailed OTP, that link goes,
 * and the account's tokenKey rotates so every session obtained through it (or the password) dies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientResponseError } from 'pocketbase';
import type PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';
import { linkCount, startOAuth2Env, type OAuth2Env } from './support.js';
import { linkTokenTo, otpCodeTo } from './outbox.js';

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: ClientResponseError) => e.status,
  );

describe.each(engines)('unproven OAuth2 links (%s)', (engine) => {
  let env: OAuth2Env;
  let su: PocketBase;
  let n = 0;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    su = await env.t.superuser();
  });
  afterAll(() => env?.close());

  /** A squatter holding the victim's unverified address, linked to their own provider account. */
  async function squat() {
    const squatter = await env.t.user({ name: 'Squatter' });
    const sub = `squatter-${++n}`;
    env.addAccount(sub, { email: `mallory${n}@evil.test`, email_verified: true, name: 'Mallory' });
    const linked = env.t.client();
    linked.authStore.save(squatter.pb.authStore.token, squatter.pb.authStore.record);
    const { auth } = await env.signIn(sub, { pb: linked });
    expect(auth.record.id).toBe(squatter.id);
    const links = await squatter.pb.collection('users').listExternalAuths(squatter.id);
    expect(links.map((l) => l.provider)).toEqual(['oidc']);
    return { squatter, sub, sessions: [squatter.pb.authStore.token, auth.token] };
  }

  async function expectTakenBack(s: Awaited<ReturnType<typeof squat>>, freshToken?: string) {
    expect(await linkCount(env.t, s.squatter.id)).toBe(0);
    for (const token of s.sessions) {
      const pb = env.t.client();
      pb.authStore.save(token, null);
      expect(await status(pb.collection('users').authRefresh())).toBe(401);
    }
    if (freshToken) {
      const pb = env.t.client();
      pb.authStore.save(freshToken, null);
      expect(await status(pb.collection('users').authRefresh())).toBe(200);
      expect(await pb.collection('users').listExternalAuths(s.squatter.id)).toEqual([]);
    }
    // The squatter's provider account no longer leads into this account.
    const { auth } = await env.signIn(s.sub);
    expect(auth.record.id).not.toBe(s.squatter.id);
  }

  it('an OTP sign-in by the mailbox owner drops the link and ends the squatter sessions', async () => {
    const s = await squat();
    const owner = env.t.client();
    const { otpId } = await owner.collection('users').requestOTP(s.squatter.email);
    const code = await otpCodeTo(env.t, su, s.squatter.email);
    const auth = await owner.collection('users').authWithOTP(otpId, code);
    expect(auth.record.id).toBe(s.squatter.id);
    expect(auth.record.verified).toBe(true);
    await expectTakenBack(s, auth.token);
  });

  it('confirming a verification link does the same', async () => {
    const s = await squat();
    await env.t.client().collection('users').requestVerification(s.squatter.email);
    const token = await linkTokenTo(env.t, su, s.squatter.email, '/confirm-verification');
    await env.t.client().collection('users').confirmVerification(token);
    expect((await su.collection('users').getOne(s.squatter.id)).verified).toBe(true);
    await expectTakenBack(s);
  });

  it('keeps proven links and sessions: nothing to drop, nothing rotates', async () => {
    const u = await env.t.user({ name: 'Owner' });
    await su.collection('users').update(u.id, { verified: true });
    env.addAccount('proven-sub', { email: `proven@elsewhere.test`, email_verified: true });
    const linked = env.t.client();
    linked.authStore.save(u.pb.authStore.token, u.pb.authStore.record);
    await env.signIn('proven-sub', { pb: linked });
    expect(await linkCount(env.t, u.id)).toBe(1);

    const { otpId } = await env.t.client().collection('users').requestOTP(u.email);
    const code = await otpCodeTo(env.t, su, u.email);
    await env.t.client().collection('users').authWithOTP(otpId, code);
    expect(await linkCount(env.t, u.id)).toBe(1);
    expect(await status(u.pb.collection('users').authRefresh())).toBe(200);
    expect((await env.signIn('proven-sub')).auth.record.id).toBe(u.id);
  });
});
