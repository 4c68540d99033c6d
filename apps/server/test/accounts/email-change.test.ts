import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { jwtPayload, linkToken, startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

describe.each(engines)('email change flow (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());

  it('mails the new address, and confirming with the password moves the account once', async () => {
    const { pb, id, email, password } = await c.t.user();
    const newEmail = `moved_${id}@example.com`;
    await expect(pb.collection('users').requestEmailChange(newEmail)).resolves.toBe(true);
    expect(await c.mailsTo(email)).toHaveLength(0);
    const mail = await c.onlyMailTo(newEmail);
    expect(mail.subject).toBe('Confirm your new Photoshoot Test email');
    expect(mail.text).toContain(newEmail);
    const token = linkToken(mail, '/confirm-email-change');
    expect(jwtPayload(token)).toMatchObject({ type: 'emailChange', id, email, newEmail });

    const guest = c.t.client().collection('users');
    let err = await failure(() => guest.confirmEmailChange(token, 'wrong-password'));
    expect(err.status).toBe(400);
    expect(err.response.data.password.code).toBe('validation_invalid_password');
    err = await failure(() => guest.confirmEmailChange(token, ''));
    expect(err.response.data.password.code).toBe('validation_required');
    expect((await c.su.collection('users').getOne(id)).email).toBe(email);

    await expect(guest.confirmEmailChange(token, password)).resolves.toBe(true);
    const after = await c.su.collection('users').getOne(id);
    expect(after.email).toBe(newEmail);
    expect(after.verified).toBe(true);
    await c.t.client().collection('users').authWithPassword(newEmail, password);
    expect(
      (await failure(() => c.t.client().collection('users').authWithPassword(email, password))).status,
    ).toBe(400);
    // The email change rotated the tokenKey: the old session and the token itself are spent.
    expect((await failure(() => pb.collection('users').authRefresh())).status).toBe(401);
    err = await failure(() => guest.confirmEmailChange(token, password));
    expect(err.response.data.token.code).toBe('validation_invalid_token');
  });

  it('refuses expired tokens and addresses taken in the meantime', async () => {
    const { id, email, password } = await c.t.user();
    const users = c.t.app.registry.require('users');
    const record = (await c.t.app.records.findById(users, id))!;
    const guest = c.t.client().collection('users');
    const expired = await c.t.app.auth.issueToken(users, record, 'emailChange', {
      duration: -1,
      extra: { email, newEmail: `late_${id}@example.com` },
    });
    let err = await failure(() => guest.confirmEmailChange(expired, password));
    expect(err.status).toBe(400);
    expect(err.response.data.token.code).toBe('validation_invalid_token');

    const taken = await c.t.user();
    const stolen = await c.t.app.auth.issueToken(users, record, 'emailChange', {
      extra: { email, newEmail: taken.email },
    });
    err = await failure(() => guest.confirmEmailChange(stolen, password));
    expect(err.response.data.token.code).toBe('validation_invalid_token_email');

    const noNewEmail = await c.t.app.auth.issueToken(users, record, 'emailChange', { extra: { email } });
    err = await failure(() => guest.confirmEmailChange(noNewEmail, password));
    expect(err.response.data.token.code).toBe('validation_invalid_token_payload');
    expect((await c.su.collection('users').getOne(id)).email).toBe(email);
  });

  it('checks the new address: valid, different and free', async () => {
    const { pb, email } = await c.t.user();
    const other = await c.t.user();
    const users = pb.collection('users');
    let err = await failure(() => users.requestEmailChange('not-an-email'));
    expect(err.status).toBe(400);
    expect(err.response.data.newEmail.code).toBe('validation_is_email');
    err = await failure(() => users.requestEmailChange(email.toUpperCase()));
    expect(err.response.data.newEmail).toBeDefined();
    err = await failure(() => users.requestEmailChange(other.email));
    expect(err.response.data.newEmail.code).toBe('validation_invalid_new_email');
    expect(await c.mailsTo(other.email)).toHaveLength(0);
  });

  it('needs a signed-in record of the same collection', async () => {
    const guest = await failure(() => c.t.client().collection('users').requestEmailChange('a@example.com'));
    expect(guest.status).toBe(401);
    const onPub = await failure(() => c.t.client().collection('pub').requestEmailChange('a@example.com'));
    expect(onPub.status).toBe(401);
    const asSuperuser = await failure(() => c.su.collection('users').requestEmailChange('a@example.com'));
    expect(asSuperuser.status).toBe(403);
    const { pb } = await c.t.user();
    expect((await failure(() => pb.collection('nopass').requestEmailChange('a@example.com'))).status).toBe(
      403,
    );
    const own = await failure(() =>
      c.su.collection('_superusers').requestEmailChange('new-admin@example.com'),
    );
    expect(own.status).toBe(400);
    expect(own.response.message).toBe('All superusers can change their emails directly.');
  });
});
