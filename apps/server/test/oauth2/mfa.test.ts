/**
 * OAuth2 is one MFA factor like password and OTP (PocketBase's OTP and MFA): it can open an MFA session or
 * complete one, but not both for the same session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';
import { startOAuth2Env, type OAuth2Env } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('MFA with OAuth2 (%s)', (engine) => {
  let env: OAuth2Env;
  let su: PocketBase;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    su = await env.t.superuser();
  });
  afterAll(() => env?.close());

  /** The code flow through the SDK, passing `mfaId` (the SDK puts it in the query). */
  const oauth2 = async (sub: string, mfaId?: string) => {
    const pb = env.t.client();
    const { code, provider } = await env.authorize(sub, pb);
    const options = mfaId ? { mfaId } : {};
    const auth = await pb
      .collection('users')
      .authWithOAuth2Code('oidc', code, provider.codeVerifier, env.callbackURL, {}, options);
    return { pb, auth };
  };

  it('password then OAuth2, and OAuth2 then password; never the same method twice', async () => {
    const u = await env.t.user();
    await su.collection('users').update(u.id, { verified: true });
    env.addAccount('mfa-sub', { email: u.email, email_verified: true });
    await su.settings.update({ mfa: { enabled: true, duration: 300, collections: ['users'] } });
    try {
      const users = env.t.client().collection('users');
      const first = await failure(users.authWithPassword(u.email, u.password));
      expect(first.status).toBe(401);
      const mfaId = (first.response as { mfaId: string }).mfaId;
      const { pb, auth } = await oauth2('mfa-sub', mfaId);
      expect(auth.record.id).toBe(u.id);
      expect(auth.meta?.isNew).toBe(false);
      expect(pb.authStore.isValid).toBe(true);

      const again = await failure(oauth2('mfa-sub'));
      expect(again.status).toBe(401);
      expect(Object.keys(again.response)).toEqual(['mfaId']);
      const second = (again.response as { mfaId: string }).mfaId;
      const same = await failure(oauth2('mfa-sub', second));
      expect(same.status).toBe(400);
      expect(same.response.message).toBe('A different authentication method is required.');
      const done = await users.authWithPassword(u.email, u.password, { mfaId: second });
      expect(done.record.id).toBe(u.id);
    } finally {
      await su.settings.update({ mfa: { enabled: false } });
    }
  });

  it('with MFA on, OAuth2 alone counts as a second method for the settings check', async () => {
    await su.settings.update({ otp: { enabled: false } });
    try {
      await su.settings.update({ mfa: { enabled: true, duration: 900 } });
      expect((await env.t.client().collection('users').listAuthMethods()).mfa).toEqual({
        enabled: true,
        duration: 900,
      });
      await su.settings.update({ mfa: { enabled: false } });
    } finally {
      await su.settings.update({ otp: { enabled: true } });
    }
  });
});
