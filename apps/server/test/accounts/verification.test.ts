import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { jwtPayload, linkToken, startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

describe.each(engines)('verification flow (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());

  it('mails a link that verifies the account, and a reused link changes nothing', async () => {
    const { pb, email, id } = await c.t.user();
    expect(pb.authStore.record!.verified).toBe(false);
    await expect(pb.collection('users').requestVerification(email)).resolves.toBe(true);
    const mail = await c.onlyMailTo(email);
    expect(mail.subject).toBe('Verify your Photoshoot Test email');
    expect(mail.from).toContain('hello@photos.example.test');
    expect(mail.from).toContain('Photoshoot Team');
    const token = linkToken(mail, '/confirm-verification');
    expect(mail.html).toContain(`href="https://photos.example.test/app/confirm-verification?token=${token}"`);
    expect(jwtPayload(token)).toMatchObject({ type: 'verification', id, email });

    await expect(pb.collection('users').confirmVerification(token)).resolves.toBe(true);
    expect(pb.authStore.record!.verified).toBe(true);
    expect((await c.su.collection('users').getOne(id)).verified).toBe(true);
    // Same token again: still valid (the tokenKey did not change), the record stays as it is.
    await expect(c.t.client().collection('users').confirmVerification(token)).resolves.toBe(true);
    expect((await c.su.collection('users').getOne(id)).verified).toBe(true);
  });

  it('sends nothing to an already verified account, and throttles resends', async () => {
    const verified = await c.t.user();
    await c.su.collection('users').update(verified.id, { verified: true });
    await c.t.client().collection('users').requestVerification(verified.email);
    expect(await c.mailsTo(verified.email)).toHaveLength(0);

    const fresh = await c.t.user();
    const guest = c.t.client().collection('users');
    await guest.requestVerification(fresh.email);
    await guest.requestVerification(fresh.email.toUpperCase());
    await guest.requestVerification(fresh.email);
    expect(await c.mailsTo(fresh.email)).toHaveLength(1);
  });

  it('refuses expired, wrong-type, mismatched and foreign tokens with data.token', async () => {
    const { id, email } = await c.t.user();
    const users = c.t.app.registry.require('users');
    const record = (await c.t.app.records.findById(users, id))!;
    const confirm = (token: string) =>
      failure(() => c.t.client().collection('users').confirmVerification(token));

    const expired = await c.t.app.auth.issueToken(users, record, 'verification', {
      duration: -5,
      extra: { email },
    });
    let err = await confirm(expired);
    expect(err.status).toBe(400);
    expect(err.response.data.token.code).toBe('validation_invalid_token');

    const wrongType = await c.t.app.auth.issueToken(users, record, 'passwordReset', { extra: { email } });
    expect((await confirm(wrongType)).response.data.token.code).toBe('validation_invalid_token');

    const otherEmail = await c.t.app.auth.issueToken(users, record, 'verification', {
      extra: { email: 'someone.else@example.com' },
    });
    expect((await confirm(otherEmail)).response.data.token.code).toBe('validation_token_email_mismatch');

    const noEmail = await c.t.app.auth.issueToken(users, record, 'verification');
    expect((await confirm(noEmail)).response.data.token.code).toBe('validation_invalid_token_claims');

    expect((await confirm('not-a-token')).response.data.token.code).toBe('validation_invalid_token_claims');
    expect((await confirm('')).response.data.token.code).toBe('validation_required');

    const nopass = c.t.app.registry.require('nopass');
    const np = await c.su.collection('nopass').create({
      email: `np_${id}@example.com`,
      password: 'nopass-password-1',
      passwordConfirm: 'nopass-password-1',
    });
    const npRecord = (await c.t.app.records.findById(nopass, np.id))!;
    const foreign = await c.t.app.auth.issueToken(nopass, npRecord, 'verification', {
      extra: { email: npRecord.email as string },
    });
    err = await confirm(foreign);
    expect(err.response.data.token.code).toBe('validation_token_collection_mismatch');
    expect((await c.su.collection('users').getOne(id)).verified).toBe(false);
  });

  it('randomizes the password when verifying a collection without password sign-in', async () => {
    const nopass = c.t.app.registry.require('nopass');
    const np = await c.su.collection('nopass').create({
      email: `np_pw_${Date.now()}@example.com`,
      password: 'nopass-password-1',
      passwordConfirm: 'nopass-password-1',
    });
    const before = (await c.t.app.records.findById(nopass, np.id))!;
    const token = await c.t.app.auth.issueToken(nopass, before, 'verification', {
      extra: { email: before.email as string },
    });
    await c.t.client().collection('nopass').confirmVerification(token);
    const after = (await c.t.app.records.findById(nopass, np.id))!;
    expect(after.verified).toBe(true);
    expect(after.password).not.toBe(before.password);
    expect(after.tokenKey).not.toBe(before.tokenKey);
  });

  it('validates the email and refuses superusers', async () => {
    let err = await failure(() => c.t.client().collection('users').requestVerification('not-an-email'));
    expect(err.status).toBe(400);
    expect(err.response.data.email.code).toBe('validation_is_email');
    err = await failure(() => c.t.client().collection('users').requestVerification(''));
    expect(err.response.data.email.code).toBe('validation_required');
    err = await failure(() =>
      c.t.client().collection('_superusers').requestVerification('admin@example.com'),
    );
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('All superusers are verified by default.');
    err = await failure(() => c.t.client().collection('_superusers').confirmVerification('x'));
    expect(err.response.message).toBe('All superusers are verified by default.');
    err = await failure(() => c.t.client().collection('pub').requestVerification('a@example.com'));
    expect(err.status).toBe(404);
  });
});
