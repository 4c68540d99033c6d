/**
 * PocketBase's own auth scenarios as written, through the official SDK (raw `fetch` only where the
 * SDK hides a wire detail), on every engine: MFA, auth-refresh, auth-methods, enumeration-safe
 * requests and impersonation. OTP codes come from the dev outbox (no SMTP configured).
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { jsonHeaders, jwtPayload, MSG, nextSecond, raw, RECORD_ID, rejects } from './helpers.js';
import { failure } from '../support/errors.js';

type User = Awaited<ReturnType<TestServer['user']>>;

describe.each(engines)('PocketBase auth scenarios (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let guest: PocketBase;
  let u1: User;
  let u2: User;

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    su = await t.superuser();
    guest = t.client();
    u1 = await t.user();
    u2 = await t.user();
  });
  afterAll(() => t?.close());

  /** The code of the newest OTP mail to `email`, from the dev outbox. */
  async function otpCode(email: string): Promise<string> {
    await t.app.mailer.idle();
    const { items } = await su.send<{ items: { to: string; text: string }[] }>('/api/mail/outbox', {});
    const mail = items.find((m) => m.to.includes(email));
    const code = mail && /^(\d{4,12})$/m.exec(mail.text)?.[1];
    if (!code) throw new Error(`no OTP mail to ${email}`);
    return code;
  }

  it('31: MFA — password gives 401 {mfaId}; the same method again is refused; OTP with mfaId signs in', async () => {
    await su.settings.update({
      otp: { enabled: true, collections: ['users'] },
      mfa: { enabled: true, duration: 600, collections: ['users'] },
    });
    try {
      const body = JSON.stringify({ identity: u1.email, password: u1.password });
      const wire = await raw(t.url, '/api/collections/users/auth-with-password', {
        method: 'POST',
        headers: jsonHeaders(),
        body,
      });
      expect(wire.status).toBe(401);
      expect(Object.keys(wire.json as object)).toEqual(['mfaId']);
      expect((wire.json as { mfaId: string }).mfaId).toMatch(RECORD_ID);

      // Through the SDK the same answer is a ClientResponseError carrying the id.
      const pb = t.client();
      const first = await failure(pb.collection('users').authWithPassword(u1.email, u1.password));
      expect(first.status).toBe(401);
      expect(first.message).toBe('Something went wrong.');
      const mfaId = (first.response as { mfaId: string }).mfaId;
      expect(mfaId).toMatch(RECORD_ID);
      expect(pb.authStore.isValid).toBe(false);

      // A second password auth passing the mfaId: the factor must differ.
      await rejects(
        pb.collection('users').authWithPassword(u1.email, u1.password, { mfaId }),
        400,
        'A different authentication method is required.',
      );

      const { otpId } = await pb.collection('users').requestOTP(u1.email);
      const auth = await pb.collection('users').authWithOTP(otpId, await otpCode(u1.email), { mfaId });
      expect(auth.record.id).toBe(u1.id);
      expect(jwtPayload(auth.token)).toMatchObject({ id: u1.id, type: 'auth', refreshable: true });
      expect(pb.authStore.isValid).toBe(true);

      // PocketBase deletes the MFA session on success, so the id is spent afterwards.
      await rejects(
        t.client().collection('users').authWithPassword(u1.email, u1.password, { mfaId }),
        400,
        'Invalid or expired MFA session.',
      );
    } finally {
      await su.settings.update({ mfa: { enabled: false } });
    }
    await expect(
      t.client().collection('users').authWithPassword(u1.email, u1.password),
    ).resolves.toBeTruthy();
  });

  it('32: auth-refresh — no token 401; superuser 403; user a new token; impersonation the same token', async () => {
    await rejects(
      guest.collection('users').authRefresh(),
      401,
      'The request requires valid record authorization token.',
    );
    await rejects(
      su.collection('users').authRefresh(),
      403,
      'The request requires auth record from _superusers collection.',
    );
    const before = u1.pb.authStore.token;
    await nextSecond();
    const refreshed = await u1.pb.collection('users').authRefresh();
    expect(refreshed.token).not.toBe(before);
    expect(refreshed.record).toMatchObject({ id: u1.id, email: u1.email });
    const imp = await su.collection('users').impersonate(u1.id, 0);
    await nextSecond();
    expect((await imp.collection('users').authRefresh()).token).toBe(imp.authStore.token);
  });

  it('33: auth-methods — 404 on a base collection; every method off on nopass, exactly', async () => {
    await rejects(guest.collection('pub').listAuthMethods(), 404, MSG.missingAuthCollection);
    expect(await guest.collection('nopass').listAuthMethods()).toStrictEqual({
      password: { identityFields: [], enabled: false },
      oauth2: { providers: [], enabled: false },
      mfa: { enabled: false, duration: 0 },
      otp: { enabled: false, duration: 0 },
    });
  });

  it('34: enumeration-safe requests — unknown emails get 204, 204 and an otpId; a bad email 400', async () => {
    const unknown = 'nobody-here@example.com';
    await expect(guest.collection('users').requestPasswordReset(unknown)).resolves.toBe(true);
    await expect(guest.collection('users').requestVerification(unknown)).resolves.toBe(true);
    const { otpId } = await guest.collection('users').requestOTP(unknown);
    expect(otpId).toMatch(RECORD_ID);
    const data = await rejects(guest.collection('users').requestOTP('invalid'), 400);
    expect(data.email).toMatchObject({ code: 'validation_is_email' });
    // And a known address gets the very same statuses.
    await expect(guest.collection('users').requestPasswordReset(u2.email)).resolves.toBe(true);
    await expect(guest.collection('users').requestVerification(u2.email)).resolves.toBe(true);
    expect((await guest.collection('users').requestOTP(u2.email)).otpId).toMatch(RECORD_ID);
  });

  it('35: impersonate — guest 401, user 403, superuser a non-refreshable token, bad duration 400', async () => {
    expect((await failure(guest.collection('users').impersonate(u1.id, 0))).status).toBe(401);
    expect((await failure(u2.pb.collection('users').impersonate(u1.id, 0))).status).toBe(403);
    const imp = await su.collection('users').impersonate(u1.id, 0);
    expect(jwtPayload(imp.authStore.token)).toMatchObject({ id: u1.id, type: 'auth', refreshable: false });
    expect(imp.authStore.record).toMatchObject({ id: u1.id, email: u1.email });
    const data = await rejects(su.collection('users').impersonate(u1.id, -1), 400);
    expect(data.duration).toBeDefined();
  });
});
