/** PocketBase's enumeration-safe requests and impersonation, as its own tests run them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { jwtPayload, startAccounts, type AccountsContext } from './support/context.js';
import { failure } from '../support/errors.js';

async function post(
  url: string,
  path: string,
  body: unknown,
): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

describe.each(engines)('enumeration-safe requests and impersonation (%s)', (engine) => {
  let c: AccountsContext;
  beforeAll(async () => {
    c = await startAccounts(engine);
  });
  afterAll(() => c.close());

  it('34: request-password-reset, request-verification and request-otp do not reveal unknown emails', async () => {
    const url = c.t.url;
    const unknown = 'nobody-at-all@example.com';
    const reset = await post(url, '/api/collections/users/request-password-reset', { email: unknown });
    expect(reset.status).toBe(204);
    const verify = await post(url, '/api/collections/users/request-verification', { email: unknown });
    expect(verify.status).toBe(204);
    const otp = await post(url, '/api/collections/users/request-otp', { email: unknown });
    expect(otp.status).toBe(200);
    expect(JSON.parse(otp.text).otpId).toMatch(/^[a-z0-9]{15}$/);
    const invalid = await post(url, '/api/collections/users/request-otp', { email: 'invalid' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text)).toMatchObject({
      status: 400,
      data: { email: { code: 'validation_is_email' } },
    });
    expect(await c.mailsTo(unknown)).toHaveLength(0);
  });

  it('34: an existing and an unknown address get the same status and body', async () => {
    const { email } = await c.t.user();
    const unknown = `x${email}`;
    for (const action of ['request-password-reset', 'request-verification']) {
      const known = await post(c.t.url, `/api/collections/users/${action}`, { email });
      const missing = await post(c.t.url, `/api/collections/users/${action}`, { email: unknown });
      expect([known.status, known.text]).toEqual([204, '']);
      expect([missing.status, missing.text]).toEqual([known.status, known.text]);
    }
    const known = await post(c.t.url, '/api/collections/users/request-otp', { email });
    const missing = await post(c.t.url, '/api/collections/users/request-otp', { email: unknown });
    expect(missing.status).toBe(known.status);
    expect(missing.type).toBe(known.type);
    expect(Object.keys(JSON.parse(missing.text))).toEqual(Object.keys(JSON.parse(known.text)));
    expect(JSON.parse(missing.text).otpId).toMatch(/^[a-z0-9]{15}$/);
    // Only the real account got mail (a reset link, a verification link and a code).
    expect(await c.mailsTo(email)).toHaveLength(3);
    expect(await c.mailsTo(unknown)).toHaveLength(0);
  });

  it('35: impersonate is for superusers and gives a non-refreshable token', async () => {
    const u1 = await c.t.user();
    const u2 = await c.t.user();
    const guest = await failure(() => c.t.client().collection('users').impersonate(u1.id, 0));
    expect(guest.status).toBe(401);
    const user = await failure(() => u2.pb.collection('users').impersonate(u1.id, 0));
    expect(user.status).toBe(403);

    const imp = await c.su.collection('users').impersonate(u1.id, 0);
    const token = imp.authStore.token;
    const claims = jwtPayload(token);
    expect(claims).toMatchObject({
      type: 'auth',
      id: u1.id,
      collectionId: '_pb_users_auth_',
      refreshable: false,
    });
    expect(Number(claims.exp) - Date.now() / 1000).toBeGreaterThan(432000 - 60);
    expect(imp.authStore.record).toMatchObject({ id: u1.id, email: u1.email });
    expect(imp.authStore.record).not.toHaveProperty('password');
    expect(imp.authStore.record).not.toHaveProperty('tokenKey');
    // It acts as the user, and auth-refresh hands back the very same token.
    expect((await imp.collection('users').getOne(u1.id)).id).toBe(u1.id);
    expect((await imp.collection('users').authRefresh()).token).toBe(token);

    const negative = await failure(() => c.su.collection('users').impersonate(u1.id, -1));
    expect(negative.status).toBe(400);
    expect(negative.response.data.duration).toBeDefined();
  });

  it('35: a custom duration, unknown records and non-auth collections', async () => {
    const u1 = await c.t.user();
    const short = await c.su.collection('users').impersonate(u1.id, 120);
    const exp = Number(jwtPayload(short.authStore.token).exp);
    expect(exp - Date.now() / 1000).toBeGreaterThan(100);
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(121);
    expect((await failure(() => c.su.collection('users').impersonate('nosuchrecord123', 0))).status).toBe(
      404,
    );
    expect((await failure(() => c.su.collection('pub').impersonate(u1.id, 0))).status).toBe(404);
    const res = await fetch(`${c.t.url}/api/collections/users/impersonate/${u1.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: c.su.authStore.token },
      body: JSON.stringify({ duration: 'soon' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).data.duration.code).toBe('validation_invalid_value');
  });
});
