import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import type { Delivered } from './support/smtp.js';
import { startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

function codeOf(mail: Delivered): string {
  const m = /^(\d{4,12})$/m.exec(mail.text);
  if (!m) throw new Error(`no code in: ${mail.text}`);
  return m[1]!;
}

describe.each(engines)('OTP sign-in (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());

  it('is listed in auth-methods from settings, per collection', async () => {
    const users = await c.t.client().collection('users').listAuthMethods();
    expect(users.otp).toEqual({ enabled: true, duration: 180 });
    const nopass = await c.t.client().collection('nopass').listAuthMethods();
    expect(nopass.otp).toEqual({ enabled: false, duration: 0 });
  });

  it('mails a code that signs in once and verifies the address', async () => {
    const { id, email } = await c.t.user();
    const guest = c.t.client();
    const { otpId } = await guest.collection('users').requestOTP(email);
    expect(otpId).toMatch(/^[a-z0-9]{15}$/);
    const mail = await c.onlyMailTo(email);
    expect(mail.subject).toBe('Your Photoshoot Test sign-in code');
    const code = codeOf(mail);
    expect(code).toHaveLength(8);
    expect(mail.html).toContain(`>${code}</p>`);
    const stored = await c.t.app.db.get<{ password: string }>(
      `SELECT "password" FROM "_otps" WHERE "id" = ?`,
      [otpId],
    );
    expect(stored!.password).toMatch(/^\$argon2id\$/);

    const auth = await guest.collection('users').authWithOTP(otpId, code);
    expect(auth.record.id).toBe(id);
    expect(auth.record.verified).toBe(true);
    expect(guest.authStore.isValid).toBe(true);
    expect((await c.su.collection('users').getOne(id)).verified).toBe(true);

    const reused = await failure(() => c.t.client().collection('users').authWithOTP(otpId, code));
    expect(reused.status).toBe(400);
    expect(reused.response.message).toBe('Invalid or expired OTP.');
  });

  it('allows five guesses per code, then answers 429 even to the right code', async () => {
    const { email } = await c.t.user();
    const users = c.t.client().collection('users');
    const { otpId } = await users.requestOTP(email);
    const code = codeOf(await c.onlyMailTo(email));
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      const err = await failure(() => users.authWithOTP(otpId, wrong));
      expect(err.status).toBe(400);
      expect(err.response.message).toBe('Invalid or expired OTP.');
    }
    const limited = await failure(() => users.authWithOTP(otpId, code));
    expect(limited.status).toBe(429);
    expect(limited.response).toEqual({
      status: 429,
      message: 'Too many attempts, please try again later with a new OTP.',
      data: {},
    });
  });

  it('answers wrong guesses for an unknown address exactly as for a real one', async () => {
    const { email } = await c.t.user();
    const users = c.t.client().collection('users');
    const real = await users.requestOTP(email);
    const unknown = await users.requestOTP(`nobody-${Date.now()}@example.com`);
    expect(unknown.otpId).toMatch(/^[a-z0-9]{15}$/);
    const answers = async (otpId: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i < 7; i++) {
        const err = await failure(() => users.authWithOTP(otpId, '00000000'));
        seen.push({ status: err.status, body: err.response });
      }
      return seen;
    };
    const fromReal = await answers(real.otpId);
    expect(fromReal.map((a) => (a as { status: number }).status)).toEqual([
      400, 400, 400, 400, 400, 429, 429,
    ]);
    expect(await answers(unknown.otpId)).toEqual(fromReal);
  });

  it('expires after settings.otp.duration', async () => {
    const { email } = await c.t.user();
    const users = c.t.client().collection('users');
    const { otpId } = await users.requestOTP(email);
    const code = codeOf(await c.onlyMailTo(email));
    // Back-date the code past the 180 s lifetime instead of waiting for it.
    const old = new Date(Date.now() - 181_000).toISOString().replace('T', ' ');
    await c.t.app.db.run(`UPDATE "_otps" SET "created" = ? WHERE "id" = ?`, [old, otpId]);
    const err = await failure(() => users.authWithOTP(otpId, code));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('Invalid or expired OTP.');
  });

  it('does not verify when the code went to another address than the current one', async () => {
    const { id, email } = await c.t.user();
    const users = c.t.client().collection('users');
    const { otpId } = await users.requestOTP(email);
    const code = codeOf(await c.onlyMailTo(email));
    await c.t.app.db.run(`UPDATE "_otps" SET "sentTo" = ? WHERE "id" = ?`, [`old_${email}`, otpId]);
    const auth = await users.authWithOTP(otpId, code);
    expect(auth.record.id).toBe(id);
    expect(auth.record.verified).toBe(false);
  });

  it('hands out the newest code again after ten live ones instead of mailing more', async () => {
    const { email } = await c.t.user();
    const users = c.t.client().collection('users');
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) ids.push((await users.requestOTP(email)).otpId);
    expect(new Set(ids).size).toBe(10);
    expect(ids[10]).toBe(ids[9]);
    expect(await c.mailsTo(email)).toHaveLength(10);
  });

  it('follows the settings: length, and 403 when disabled', async () => {
    const { email } = await c.t.user();
    await c.su.settings.update({ otp: { length: 6 } });
    try {
      await c.t.client().collection('users').requestOTP(email);
      expect(codeOf(await c.onlyMailTo(email))).toHaveLength(6);
    } finally {
      await c.su.settings.update({ otp: { length: 8 } });
    }
    await c.su.settings.update({ otp: { enabled: false } });
    try {
      const req = await failure(() => c.t.client().collection('users').requestOTP(email));
      expect(req.status).toBe(403);
      const auth = await failure(() =>
        c.t.client().collection('users').authWithOTP('aaaaaaaaaaaaaaa', '12345678'),
      );
      expect(auth.status).toBe(403);
      expect((await c.t.client().collection('users').listAuthMethods()).otp).toEqual({
        enabled: false,
        duration: 0,
      });
    } finally {
      await c.su.settings.update({ otp: { enabled: true } });
    }
  });

  it('refuses codes of another collection, fake ids and bad input', async () => {
    const { email } = await c.t.user();
    const { otpId } = await c.t.client().collection('users').requestOTP(email);
    const code = codeOf(await c.onlyMailTo(email));
    await c.su.settings.update({ otp: { collections: ['users', 'nopass'] } });
    try {
      const err = await failure(() => c.t.client().collection('nopass').authWithOTP(otpId, code));
      expect(err.status).toBe(400);
      expect(err.response.message).toBe('Invalid or expired OTP.');
    } finally {
      await c.su.settings.update({ otp: { collections: ['users'] } });
    }
    const fake = await c.t.client().collection('users').requestOTP('nobody-here@example.com');
    expect(
      (await failure(() => c.t.client().collection('users').authWithOTP(fake.otpId, '12345678'))).status,
    ).toBe(400);
    const empty = await failure(() => c.t.client().collection('users').authWithOTP('', ''));
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.response.data).sort()).toEqual(['otpId', 'password']);
    const badSetting = await failure(() => c.su.settings.update({ otp: { collections: 'users' } }));
    expect(badSetting.response.data.otp.collections.code).toBe('validation_invalid_value');
    // The code is still good after all of that.
    await c.t.client().collection('users').authWithOTP(otpId, code);
  });
});
