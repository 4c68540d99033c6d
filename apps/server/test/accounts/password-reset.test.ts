import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { jwtPayload, linkToken, startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

describe.each(engines)('password reset flow (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());

  it('resets the password once, verifies the email and ends every older session', async () => {
    const { pb, id, email, password } = await c.t.user();
    const otherDevice = c.t.client();
    await otherDevice.collection('users').authWithPassword(email, password);

    await expect(c.t.client().collection('users').requestPasswordReset(email)).resolves.toBe(true);
    const mail = await c.onlyMailTo(email);
    expect(mail.subject).toBe('Reset your Photoshoot Test password');
    const token = linkToken(mail, '/reset-password');
    expect(mail.html).toContain(`https://photos.example.test/app/reset-password?token=${token}`);
    expect(jwtPayload(token)).toMatchObject({ type: 'passwordReset', id, email });

    const guest = c.t.client().collection('users');
    let err = await failure(() => guest.confirmPasswordReset(token, 'new-password-1', 'different-1'));
    expect(err.status).toBe(400);
    expect(err.response.data.passwordConfirm.code).toBe('validation_values_mismatch');
    err = await failure(() => guest.confirmPasswordReset(token, 'short', 'short'));
    expect(err.response.data.password.code).toBe('validation_min_text_constraint');
    err = await failure(() => guest.confirmPasswordReset(token, 'x'.repeat(72), 'x'.repeat(72)));
    expect(err.response.data.password.code).toBe('validation_max_text_constraint');

    await expect(guest.confirmPasswordReset(token, 'new-password-1', 'new-password-1')).resolves.toBe(true);
    const signedIn = await c.t.client().collection('users').authWithPassword(email, 'new-password-1');
    expect(signedIn.record.verified).toBe(true);
    expect(
      (await failure(() => c.t.client().collection('users').authWithPassword(email, password))).status,
    ).toBe(400);
    expect((await failure(() => pb.collection('users').authRefresh())).status).toBe(401);
    expect((await failure(() => otherDevice.collection('users').authRefresh())).status).toBe(401);

    // Single use: the new password rotated the key the token was signed with.
    err = await failure(() => guest.confirmPasswordReset(token, 'another-password-2', 'another-password-2'));
    expect(err.status).toBe(400);
    expect(err.response.data.token.code).toBe('validation_invalid_token');
    await c.t.client().collection('users').authWithPassword(email, 'new-password-1');
  });

  it('refuses an expired token and does not change the password', async () => {
    const { id, email, password } = await c.t.user();
    const users = c.t.app.registry.require('users');
    const record = (await c.t.app.records.findById(users, id))!;
    const expired = await c.t.app.auth.issueToken(users, record, 'passwordReset', {
      duration: -1,
      extra: { email },
    });
    const err = await failure(() =>
      c.t.client().collection('users').confirmPasswordReset(expired, 'new-password-1', 'new-password-1'),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.token.code).toBe('validation_invalid_token');
    await c.t.client().collection('users').authWithPassword(email, password);
  });

  it('lets only one of two concurrent confirmations through', async () => {
    const { id, email } = await c.t.user();
    const users = c.t.app.registry.require('users');
    const record = (await c.t.app.records.findById(users, id))!;
    const token = await c.t.app.auth.issueToken(users, record, 'passwordReset', { extra: { email } });
    const results = await Promise.allSettled([
      c.t.client().collection('users').confirmPasswordReset(token, 'first-password-1', 'first-password-1'),
      c.t.client().collection('users').confirmPasswordReset(token, 'second-password-2', 'second-password-2'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const winner = results[0]!.status === 'fulfilled' ? 'first-password-1' : 'second-password-2';
    await c.t.client().collection('users').authWithPassword(email, winner);
  });

  it('throttles resends for two minutes, until the reset is used', async () => {
    const { email } = await c.t.user();
    const guest = c.t.client().collection('users');
    await guest.requestPasswordReset(email);
    await guest.requestPasswordReset(email);
    const mails = await c.mailsTo(email);
    expect(mails).toHaveLength(1);
    await guest.confirmPasswordReset(
      linkToken(mails[0]!, '/reset-password'),
      'new-password-1',
      'new-password-1',
    );
    await guest.requestPasswordReset(email);
    expect(await c.mailsTo(email)).toHaveLength(2);
  });

  it('does not verify when the token was for an address the account no longer has', async () => {
    const { id, email } = await c.t.user();
    const users = c.t.app.registry.require('users');
    const record = (await c.t.app.records.findById(users, id))!;
    const token = await c.t.app.auth.issueToken(users, record, 'passwordReset', {
      extra: { email: `old_${email}` },
    });
    await c.t.client().collection('users').confirmPasswordReset(token, 'new-password-1', 'new-password-1');
    expect((await c.su.collection('users').getOne(id)).verified).toBe(false);
  });

  it('validates input and refuses collections without password sign-in', async () => {
    const guest = c.t.client().collection('users');
    let err = await failure(() => guest.requestPasswordReset('nope'));
    expect(err.status).toBe(400);
    expect(err.response.data.email.code).toBe('validation_is_email');
    err = await failure(() => guest.confirmPasswordReset('', '', ''));
    expect(Object.keys(err.response.data).sort()).toEqual(['password', 'passwordConfirm', 'token']);
    err = await failure(() => c.t.client().collection('nopass').requestPasswordReset('a@example.com'));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('The collection is not configured to allow password authentication.');
  });
});
