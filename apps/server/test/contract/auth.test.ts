/**
 * Auth collections as PocketBase has them (auth responses, sign-in, refresh, auth-methods, tokens,
 * superusers), through the SDK's auth methods.
 *
 * Not covered here: sign-in by username (the `users` collection has `email` as its
 * only identity field, so there is no username to sign in with).
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import {
  codeOf,
  jsonHeaders,
  jwtPayload,
  MSG,
  nextSecond,
  raw,
  rejects,
  withBrokenSignature,
  withPayload,
} from './helpers.js';
import { expectErrorBody } from '../support/errors.js';

type User = Awaited<ReturnType<TestServer['user']>>;

/** Fails when a response carries a password hash, tokenKey, or the plain password anywhere. */
function expectNoSecrets(value: unknown, password: string): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(password);
  expect(text).not.toMatch(/"(password|tokenKey|passwordConfirm|oldPassword)"\s*:/);
  expect(text).not.toMatch(/\$argon2|\$2[aby]\$/);
}

describe.each(engines)('auth (%s)', (engine) => {
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

  describe('registration', () => {
    it('creates a user from email/password/passwordConfirm/name/companyName', async () => {
      const email = `reg-full-${engine}@example.com`;
      const rec = await guest.collection('users').create({
        email,
        password: 'register-pass-1',
        passwordConfirm: 'register-pass-1',
        name: 'Ada',
        companyName: 'Analytical Engines',
      });
      expect(rec).toMatchObject({
        name: 'Ada',
        companyName: 'Analytical Engines',
        verified: false,
        emailVisibility: false,
      });
      expect(rec.collectionId).toBe('_pb_users_auth_');
      expect(rec.collectionName).toBe('users');
      expectNoSecrets(rec, 'register-pass-1');
      const pb = t.client();
      const auth = await pb.collection('users').authWithPassword(email, 'register-pass-1');
      expect(auth.record.id).toBe(rec.id);
      expect(auth.record.companyName).toBe('Analytical Engines');
    });

    it('companyName defaults to ""', async () => {
      const rec = await guest.collection('users').create({
        email: `reg-min-${engine}@example.com`,
        password: 'register-pass-2',
        passwordConfirm: 'register-pass-2',
        name: 'Min',
      });
      expect(rec.companyName).toBe('');
      expect(rec.avatar).toBe('');
    });

    it('shows the email to a guest only with emailVisibility', async () => {
      const hidden = await guest.collection('users').create({
        email: `reg-hidden-${engine}@example.com`,
        password: 'register-pass-3',
        passwordConfirm: 'register-pass-3',
      });
      expect(hidden).not.toHaveProperty('email');
      const shown = await guest.collection('users').create({
        email: `reg-shown-${engine}@example.com`,
        password: 'register-pass-3',
        passwordConfirm: 'register-pass-3',
        emailVisibility: true,
      });
      expect(shown.email).toBe(`reg-shown-${engine}@example.com`);
    });

    it('refuses a duplicate email (case-insensitively) and a short password', async () => {
      const dup = await rejects(
        guest.collection('users').create({
          email: u1.email.toUpperCase(),
          password: 'long-enough-1',
          passwordConfirm: 'long-enough-1',
        }),
        400,
      );
      expect(codeOf(dup, 'email')).toBe('validation_not_unique');
      const short = await rejects(
        guest
          .collection('users')
          .create({ email: `short-${engine}@example.com`, password: 'short', passwordConfirm: 'short' }),
        400,
      );
      expect(codeOf(short, 'password')).toBe('validation_min_text_constraint');
    });
  });

  describe('auth-with-password', () => {
    it('#28 is 404 on a base collection and 403 on a collection without password auth', async () => {
      await rejects(
        guest.collection('pub').authWithPassword('a@b.c', 'whatever1'),
        404,
        MSG.missingAuthCollection,
      );
      await rejects(
        guest.collection('nopass').authWithPassword('a@b.c', 'whatever1'),
        403,
        'The collection is not configured to allow password authentication.',
      );
      await rejects(
        guest.collection('nope').authWithPassword('a@b.c', 'whatever1'),
        404,
        MSG.missingAuthCollection,
      );
    });

    it('#29 empty identity/password is 400 with data.identity and data.password', async () => {
      const data = await rejects(guest.collection('users').authWithPassword('', ''), 400);
      expect(data).toHaveProperty('identity');
      expect(data).toHaveProperty('password');
    });

    it('#29 a wrong password or unknown identity is 400 "Failed to authenticate." with data {}', async () => {
      expect(
        await rejects(
          guest.collection('users').authWithPassword(u1.email, 'wrong-password'),
          400,
          'Failed to authenticate.',
        ),
      ).toEqual({});
      expect(
        await rejects(
          guest.collection('users').authWithPassword('nobody@example.com', u1.password),
          400,
          'Failed to authenticate.',
        ),
      ).toEqual({});
      // another user's password does not open this account
      expect(
        await rejects(guest.collection('users').authWithPassword(u2.email, 'not-u2-password'), 400),
      ).toEqual({});
    });

    it('#29 identityField must be one of the identity fields', async () => {
      const data = await rejects(
        guest.collection('users').authWithPassword(u1.email, u1.password, {
          body: { identity: u1.email, password: u1.password, identityField: 'created' },
        }),
        400,
      );
      expect(codeOf(data, 'identityField')).toBe('validation_in_invalid');
    });

    it('#30 valid email credentials: token and record, email visible, no secrets, JWT claims', async () => {
      const pb = t.client();
      const before = Math.floor(Date.now() / 1000);
      const res = await pb.collection('users').authWithPassword(u1.email, u1.password);
      expect(Object.keys(res).sort()).toEqual(['record', 'token']);
      expect(res.record.id).toBe(u1.id);
      expect(res.record.email).toBe(u1.email);
      expect(res.record.emailVisibility).toBe(false);
      expectNoSecrets(res, u1.password);
      const claims = jwtPayload(res.token);
      expect(claims).toMatchObject({
        type: 'auth',
        collectionId: '_pb_users_auth_',
        id: u1.id,
        refreshable: true,
      });
      expect(claims.exp).toBeTypeOf('number');
      expect(Math.abs((claims.exp as number) - (before + 432000))).toBeLessThanOrEqual(5);
    });

    it('matches the email identity case-insensitively', async () => {
      const pb = t.client();
      const res = await pb.collection('users').authWithPassword(u1.email.toUpperCase(), u1.password);
      expect(res.record.id).toBe(u1.id);
    });

    it('fills the SDK auth store; authStore.isValid is true', async () => {
      const pb = t.client();
      expect(pb.authStore.isValid).toBe(false);
      const res = await pb.collection('users').authWithPassword(u2.email, u2.password);
      expect(pb.authStore.isValid).toBe(true);
      expect(pb.authStore.token).toBe(res.token);
      expect(pb.authStore.record?.id).toBe(u2.id);
      expect(pb.authStore.isSuperuser).toBe(false);
      expect(su.authStore.isValid).toBe(true);
      expect(su.authStore.isSuperuser).toBe(true);
    });

    it('superusers authenticate on _superusers with a 1-day token', async () => {
      const claims = jwtPayload(su.authStore.token);
      expect(claims).toMatchObject({ type: 'auth', collectionId: 'pbc_3142635823', refreshable: true });
      expect(Math.abs((claims.exp as number) - (Math.floor(Date.now() / 1000) + 86400))).toBeLessThanOrEqual(
        120,
      );
      expect(su.authStore.record?.collectionName).toBe('_superusers');
    });

    it('expand and fields shape the auth response', async () => {
      const pb = t.client();
      const res = await pb
        .collection('users')
        .authWithPassword(u1.email, u1.password, { fields: 'token,record.id' });
      expect(Object.keys(res).sort()).toEqual(['record', 'token']);
      expect(res.record).toEqual({ id: u1.id });
    });
  });

  describe('auth-refresh (#32)', () => {
    it('without a token is 401', async () => {
      await rejects(
        guest.collection('users').authRefresh(),
        401,
        'The request requires valid record authorization token.',
      );
    });

    it('with a superuser token on users is 403 naming the token collection', async () => {
      await rejects(
        su.collection('users').authRefresh(),
        403,
        'The request requires auth record from _superusers collection.',
      );
    });

    it('with a user token is 200 with a new token and the fresh record', async () => {
      const pb = t.client();
      const first = await pb.collection('users').authWithPassword(u2.email, u2.password);
      // JWTs carry exp in whole seconds: refresh in a later second so a new token must differ.
      await nextSecond();
      await u2.pb.collection('users').update(u2.id, { name: 'Fresh Name' });
      const refreshed = await pb.collection('users').authRefresh();
      expect(refreshed.token).not.toBe(first.token);
      expect(refreshed.record.id).toBe(u2.id);
      expect(refreshed.record.name).toBe('Fresh Name');
      expect(refreshed.record.email).toBe(u2.email);
      expectNoSecrets(refreshed, u2.password);
      expect(pb.authStore.token).toBe(refreshed.token);
      expect(jwtPayload(refreshed.token)).toMatchObject({ id: u2.id, type: 'auth', refreshable: true });
      // the old token keeps working until it expires (no rotation on refresh)
      const again = await raw(t.url, '/api/collections/users/auth-refresh', {
        method: 'POST',
        headers: jsonHeaders(first.token),
      });
      expect(again.status).toBe(200);
    });

    it('with an impersonate token is 200 with the identical (non-refreshable) token', async () => {
      const imp = await su.collection('users').impersonate(u1.id, 0);
      const token = imp.authStore.token;
      expect(jwtPayload(token)).toMatchObject({ id: u1.id, type: 'auth', refreshable: false });
      await nextSecond();
      const refreshed = await imp.collection('users').authRefresh();
      expect(refreshed.token).toBe(token);
      expect(refreshed.record.id).toBe(u1.id);
      expectNoSecrets(refreshed, u1.password);
    });

    it('on a base collection is 404', async () => {
      await rejects(u1.pb.collection('pub').authRefresh(), 404, MSG.missingAuthCollection);
    });
  });

  describe('password change (#24, #25)', () => {
    it('#24 a self-service password change without oldPassword is 400 data.oldPassword', async () => {
      const data = await rejects(
        u1.pb.collection('users').update(u1.id, { password: 'abcdefgh1', passwordConfirm: 'abcdefgh1' }),
        400,
        'Failed to update record.',
      );
      expect(data).toHaveProperty('oldPassword');
      const wrong = await rejects(
        u1.pb
          .collection('users')
          .update(u1.id, { password: 'abcdefgh1', passwordConfirm: 'abcdefgh1', oldPassword: 'not-it-1' }),
        400,
      );
      expect(codeOf(wrong, 'oldPassword')).toBe('validation_invalid_old_password');
      // still the old password
      await t.client().collection('users').authWithPassword(u1.email, u1.password);
    });

    it('#25 with the right oldPassword: 200, the old token is then refused (401), the new password works', async () => {
      const user = await t.user();
      const oldToken = user.pb.authStore.token;
      const updated = await user.pb.collection('users').update(user.id, {
        password: 'abcdefgh1',
        passwordConfirm: 'abcdefgh1',
        oldPassword: user.password,
      });
      expect(updated.id).toBe(user.id);
      expectNoSecrets(updated, 'abcdefgh1');
      const old = await raw(t.url, '/api/collections/users/auth-refresh', {
        method: 'POST',
        headers: jsonHeaders(oldToken),
      });
      expect(old.status).toBe(401);
      expectErrorBody(old.json, 401);
      await rejects(
        t.client().collection('users').authWithPassword(user.email, user.password),
        400,
        'Failed to authenticate.',
      );
      const fresh = await t.client().collection('users').authWithPassword(user.email, 'abcdefgh1');
      expect(fresh.record.id).toBe(user.id);
    });
  });

  describe('auth-methods (#33)', () => {
    it('is 404 on a base collection', async () => {
      await rejects(guest.collection('pub').listAuthMethods(), 404, MSG.missingAuthCollection);
    });

    it('nopass reports every method disabled, exactly', async () => {
      const res = await guest.collection('nopass').listAuthMethods();
      expect(res).toStrictEqual({
        password: { identityFields: [], enabled: false },
        oauth2: { providers: [], enabled: false },
        mfa: { enabled: false, duration: 0 },
        otp: { enabled: false, duration: 0 },
      });
    });

    it('users reports password auth on email', async () => {
      const res = await guest.collection('users').listAuthMethods();
      expect(res.password).toEqual({ identityFields: ['email'], enabled: true });
      expect(res.oauth2.providers).toBeInstanceOf(Array);
    });
  });

  describe('Authorization header and token validity', () => {
    const me = (token: string) =>
      raw(t.url, `/api/collections/users/records/${u1.id}`, {
        headers: { 'Content-Type': 'application/json', Authorization: token },
      });

    it('accepts the raw token and the Bearer form (any case)', async () => {
      const token = u1.pb.authStore.token;
      for (const header of [token, `Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`]) {
        const res = await me(header);
        expect(res.status, header.slice(0, 10)).toBe(200);
        expect((res.json as { id: string }).id).toBe(u1.id);
      }
    });

    it('treats a tampered token as a guest: 404 where a rule needs auth, 200 on public data, 401 where auth is required', async () => {
      const token = u1.pb.authStore.token;
      const broken = withBrokenSignature(token);
      const impostor = withPayload(token, { ...jwtPayload(token), id: u2.id });
      const superuserClaim = withPayload(token, { ...jwtPayload(token), collectionId: 'pbc_3142635823' });
      for (const bad of [broken, impostor, superuserClaim, 'not-a-jwt', 'a.b.c']) {
        const view = await me(bad);
        expect(view.status).toBe(404);
        expectErrorBody(view.json, 404);
        const pub = await raw(t.url, '/api/collections/pub/records', { headers: jsonHeaders(bad) });
        expect(pub.status).toBe(200);
        const refresh = await raw(t.url, '/api/collections/users/auth-refresh', {
          method: 'POST',
          headers: jsonHeaders(bad),
        });
        expect(refresh.status).toBe(401);
        expectErrorBody(refresh.json, 401);
      }
      // the impostor token must not reveal U2
      const u2view = await raw(t.url, `/api/collections/users/records/${u2.id}`, {
        headers: jsonHeaders(impostor),
      });
      expect(u2view.status).toBe(404);
    });

    it('treats an expired token as a guest', async () => {
      const users = t.app.registry.require('users');
      const record = await t.app.records.findById(users, u1.id);
      const expired = await t.app.auth.issueToken(users, record!, 'auth', { duration: -60 });
      expect(jwtPayload(expired).exp as number).toBeLessThan(Date.now() / 1000);
      const view = await me(expired);
      expect(view.status).toBe(404);
      const pub = await raw(t.url, '/api/collections/pub/records', { headers: jsonHeaders(expired) });
      expect(pub.status).toBe(200);
      const refresh = await raw(t.url, '/api/collections/users/auth-refresh', {
        method: 'POST',
        headers: jsonHeaders(expired),
      });
      expect(refresh.status).toBe(401);
      // the SDK agrees the token is no longer valid
      const pb = t.client();
      pb.authStore.save(expired, null);
      expect(pb.authStore.isValid).toBe(false);
    });
  });

  describe('secrets never leave the server', () => {
    it('no password, hash or tokenKey in any users response, for the user or a superuser', async () => {
      const user = await t.user({ name: 'Secretive' });
      const responses: unknown[] = [
        await user.pb.collection('users').getOne(user.id),
        await user.pb.collection('users').getList(),
        await user.pb.collection('users').update(user.id, { name: 'Still Secretive' }),
        await user.pb.collection('users').authRefresh(),
        await su.collection('users').getOne(user.id),
        await su.collection('users').getFullList(),
        await su.collection('users').getOne(user.id, { fields: '*' }),
        await su.collection('_superusers').getFullList(),
        await su.collection('_superusers').authRefresh(),
      ];
      for (const res of responses) expectNoSecrets(res, user.password);
      const rawList = await raw(t.url, '/api/collections/users/records?fields=password,tokenKey,id', {
        headers: jsonHeaders(su.authStore.token),
      });
      expect(rawList.status).toBe(200);
      expectNoSecrets(rawList.json, user.password);
    });
  });
});
