/**
 * Multi-factor sign-in (PocketBase's OTP and MFA, decision 007) through the SDK: with `settings.mfa` on for
 * `users`, the first factor answers 401 `{mfaId}` and only a different second factor, passing that
 * id, signs in. Codes are read from the real SMTP server.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { cleanupExpiredTokens } from '../../src/core/cron/expired-tokens.js';
import type { Delivered } from './support/smtp.js';
import { startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

function codeOf(mail: Delivered): string {
  const m = /^(\d{4,12})$/m.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1]!;
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString().replace('T', ' ');

describe.each(engines)('MFA (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());
  beforeEach(async () => {
    await c.su.settings.update({ mfa: { enabled: true, duration: 600, collections: ['users'] } });
  });

  const users = () => c.t.client().collection('users');
  const mfaRows = async (recordId: string) =>
    Number(
      (await c.t.app.db.get<{ n: unknown }>(`SELECT COUNT(*) AS n FROM "_mfas" WHERE "recordRef" = ?`, [
        recordId,
      ]))!.n,
    );
  /** Requests a code for `email` and returns the otpId and the code from the newest mail. */
  const otpFor = async (email: string) => {
    const { otpId } = await users().requestOTP(email);
    const mails = await c.mailsTo(email);
    return { otpId, code: codeOf(mails[mails.length - 1]!) };
  };
  let counter = 0;
  /** A new account, not signed in (a password sign-in now stops at the first factor). */
  const newUser = async () => {
    const email = `mfa${++counter}_${Date.now()}@example.com`;
    const password = 'mfa-password-1';
    const rec = await users().create({ email, password, passwordConfirm: password });
    return { id: rec.id, email, password };
  };
  /** The 401 of a first factor by password: its mfaId. */
  const firstFactor = async (email: string, password: string) => {
    const err = await failure(() => users().authWithPassword(email, password));
    expect(err.status).toBe(401);
    expect(Object.keys(err.response)).toEqual(['mfaId']);
    return (err.response as unknown as { mfaId: string }).mfaId;
  };

  it('auth-methods reports it from settings', async () => {
    expect((await users().listAuthMethods()).mfa).toEqual({ enabled: true, duration: 600 });
    expect((await c.t.client().collection('nopass').listAuthMethods()).mfa).toEqual({
      enabled: false,
      duration: 0,
    });
    await c.su.settings.update({ mfa: { enabled: false } });
    expect((await users().listAuthMethods()).mfa).toEqual({ enabled: false, duration: 0 });
  });

  it('password then OTP with the mfaId signs in, exactly once', async () => {
    const u = await newUser();
    const pb = c.t.client();
    const raw = await fetch(`${c.t.url}/api/collections/users/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: u.email, password: u.password }),
    });
    expect(raw.status).toBe(401);
    const body = (await raw.json()) as { mfaId: string };
    expect(Object.keys(body)).toEqual(['mfaId']);
    expect(body.mfaId).toMatch(/^[a-z0-9]{15}$/);
    expect(await mfaRows(u.id)).toBe(1);
    expect(pb.authStore.isValid).toBe(false);

    const { otpId, code } = await otpFor(u.email);
    const auth = await pb.collection('users').authWithOTP(otpId, code, { mfaId: body.mfaId });
    expect(auth.record.id).toBe(u.id);
    expect(pb.authStore.isValid).toBe(true);
    await expect(pb.collection('users').authRefresh()).resolves.toBeTruthy();
    expect(await mfaRows(u.id)).toBe(0);

    // The session is spent: it cannot open the door a second time.
    const again = await failure(() => users().authWithPassword(u.email, u.password, { mfaId: body.mfaId }));
    expect(again.status).toBe(400);
    expect(again.response.message).toBe('Invalid or expired MFA session.');
  });

  it('refuses the same method twice, keeping the session for a different one', async () => {
    const u = await newUser();
    const mfaId = await firstFactor(u.email, u.password);
    const same = await failure(() => users().authWithPassword(u.email, u.password, { mfaId }));
    expect(same.status).toBe(400);
    expect(same.response).toEqual({
      status: 400,
      message: 'A different authentication method is required.',
      data: {},
    });
    const { otpId, code } = await otpFor(u.email);
    const auth = await users().authWithOTP(otpId, code, { mfaId });
    expect(auth.record.id).toBe(u.id);
  });

  it('OTP first, then the password with the mfaId in the body', async () => {
    const u = await newUser();
    const { otpId, code } = await otpFor(u.email);
    const first = await failure(() => users().authWithOTP(otpId, code));
    expect(first.status).toBe(401);
    const mfaId = (first.response as unknown as { mfaId: string }).mfaId;
    // A second OTP is the same method.
    const next = await otpFor(u.email);
    const same = await failure(() => users().authWithOTP(next.otpId, next.code, { mfaId }));
    expect(same.response.message).toBe('A different authentication method is required.');
    // note: the SDK's `body` option would replace identity and password, so this one is raw.
    const res = await fetch(`${c.t.url}/api/collections/users/auth-with-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identity: u.email, password: u.password, mfaId }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { record: { id: string } }).record.id).toBe(u.id);
  });

  it('a wrong second factor signs nobody in and keeps the session', async () => {
    const u = await newUser();
    const mfaId = await firstFactor(u.email, u.password);
    const { otpId } = await otpFor(u.email);
    const wrong = await failure(() => users().authWithOTP(otpId, '00000000', { mfaId }));
    expect(wrong.status).toBe(400);
    expect(wrong.response.message).toBe('Invalid or expired OTP.');
    expect(await mfaRows(u.id)).toBe(1);
  });

  it('refuses expired, unknown and foreign sessions cleanly', async () => {
    const u = await newUser();
    const other = await newUser();
    const { otpId, code } = await otpFor(u.email);

    const unknown = await failure(() => users().authWithOTP(otpId, code, { mfaId: 'nosuchsession12' }));
    expect(unknown.status).toBe(400);
    expect(unknown.response).toEqual({ status: 400, message: 'Invalid or expired MFA session.', data: {} });

    // Someone else's session: refused, and left for its owner.
    const foreignId = await firstFactor(other.email, other.password);
    const next = await otpFor(u.email);
    const foreign = await failure(() => users().authWithOTP(next.otpId, next.code, { mfaId: foreignId }));
    expect(foreign.status).toBe(400);
    expect(foreign.response.message).toBe('Invalid MFA session.');
    expect(await mfaRows(other.id)).toBe(1);

    // Past settings.mfa.duration: refused and deleted.
    const mfaId = await firstFactor(u.email, u.password);
    await c.t.app.db.run(`UPDATE "_mfas" SET "created" = ? WHERE "id" = ?`, [ago(601_000), mfaId]);
    const late = await otpFor(u.email);
    const expired = await failure(() => users().authWithOTP(late.otpId, late.code, { mfaId }));
    expect(expired.status).toBe(400);
    expect(expired.response.message).toBe('Invalid or expired MFA session.');
    expect(await mfaRows(u.id)).toBe(0);

    const tooLong = await failure(() =>
      users().authWithPassword(u.email, u.password, { mfaId: 'x'.repeat(300) }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.response.message).toBe('Invalid or expired MFA session.');
  });

  it('lets only one of two concurrent second factors through', async () => {
    const u = await newUser();
    const mfaId = await firstFactor(u.email, u.password);
    const a = await otpFor(u.email);
    const b = await otpFor(u.email);
    const outcomes = await Promise.allSettled([
      users().authWithOTP(a.otpId, a.code, { mfaId }),
      users().authWithOTP(b.otpId, b.code, { mfaId }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('does not apply to auth-refresh, impersonate, other collections, or when off', async () => {
    const u = await newUser();
    const mfaId = await firstFactor(u.email, u.password);
    const { otpId, code } = await otpFor(u.email);
    const pb = c.t.client();
    await pb.collection('users').authWithOTP(otpId, code, { mfaId });
    await expect(pb.collection('users').authRefresh()).resolves.toBeTruthy();
    const imp = await c.su.collection('users').impersonate(u.id, 0);
    expect(imp.authStore.record?.id).toBe(u.id);
    // Superusers are not listed in mfa.collections.
    const admin = await c.t.superuser();
    expect(admin.authStore.isValid).toBe(true);

    await c.su.settings.update({ mfa: { collections: [] } });
    await expect(users().authWithPassword(u.email, u.password)).resolves.toBeTruthy();
    await c.su.settings.update({ mfa: { enabled: false, collections: ['users'] } });
    await expect(users().authWithPassword(u.email, u.password)).resolves.toBeTruthy();
  });

  it('validates the settings section and keeps a second method available', async () => {
    const bad = await failure(() =>
      c.su.settings.update({ mfa: { duration: 5, collections: 'users', enabled: 'yes' } }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.response.data.mfa).sort()).toEqual(['collections', 'duration', 'enabled']);
    // With MFA on, switching OTP off would leave users without a second factor (no OAuth2 here).
    const stuck = await failure(() => c.su.settings.update({ otp: { enabled: false } }));
    expect(stuck.status).toBe(400);
    expect(stuck.response.data.mfa.enabled.code).toBe('validation_mfa_second_method');
    expect((await c.su.settings.getAll()).otp.enabled).toBe(true);
    const settings = await c.su.settings.getAll();
    expect(settings.mfa).toEqual({ enabled: true, duration: 600, collections: ['users'] });
  });

  it('the expired-tokens job deletes stale sessions and the account deletion its own', async () => {
    const rec = await newUser();
    const stale = await firstFactor(rec.email, rec.password);
    const fresh = await firstFactor(rec.email, rec.password);
    await c.t.app.db.run(`UPDATE "_mfas" SET "created" = ? WHERE "id" = ?`, [ago(700_000), stale]);
    await cleanupExpiredTokens(c.t.app);
    const left = await c.t.app.db.all<{ id: string }>(`SELECT "id" FROM "_mfas" WHERE "recordRef" = ?`, [
      rec.id,
    ]);
    expect(left.map((r) => r.id)).toEqual([fresh]);

    await c.su.collection('users').delete(rec.id);
    await expect.poll(() => mfaRows(rec.id)).toBe(0);
  });
});
