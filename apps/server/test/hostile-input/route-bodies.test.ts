import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';

type Answer = { status: number; body: { status: number; message: string; data: object } };

/**
 * Announces a body by its Content-Length and sends only its first bytes: an answer proves the
 * route refused the body before reading it, so nothing of it was parsed.
 */
function announceAndHold(url: string, path: string, bytes: number, first = '{"a":1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': String(bytes) };
    const req = request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'] });
      });
    });
    req.on('error', reject);
    req.write(first);
  });
}

async function postJson(t: TestServer, path: string, body: string): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The probe's body: a flat object of `n` distinct keys (90,000 keys are 979 KB). */
const manyKeys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;

describe.each(engines)('each route reads only the body it can use (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  it('answers 404 for an unknown collection before reading the body', async () => {
    const r = await announceAndHold(t.url, '/api/collections/nope/records', 900_000);
    expect(r.status).toBe(404);
    expect(Object.keys(r.body).sort()).toEqual(['data', 'message', 'status']);
    const auth = await announceAndHold(t.url, '/api/collections/pub/auth-with-password', 900_000);
    expect(auth.status).toBe(404);
    const unknownRoute = await announceAndHold(t.url, '/api/nothing/here', 900_000);
    expect(unknownRoute.status).toBe(404);
  });

  it('answers 413 before reading a sign-in, OTP, contact or subscription body of a mebibyte', async () => {
    for (const path of [
      '/api/collections/users/auth-with-password',
      '/api/collections/users/request-otp',
      '/api/collections/users/request-password-reset',
      '/api/collections/contact_messages/records',
      '/api/realtime',
    ]) {
      const r = await announceAndHold(t.url, path, 979_000);
      expect(r.status, path).toBe(413);
    }
  });

  it('refuses a body sent to a route that takes none', async () => {
    const r = await announceAndHold(t.url, '/api/collections/users/auth-refresh', 10_000);
    expect(r.status).toBe(413);
    // note: `{}`, as some clients send with every POST, is still fine (401: nobody is signed in).
    expect((await postJson(t, '/api/collections/users/auth-refresh', '{}')).status).toBe(401);
  });

  it('answers a guest 401 on a superuser route before reading the body', async () => {
    const r = await announceAndHold(t.url, '/api/backups', 900_000);
    expect(r.status).toBe(401);
  });

  it('refuses a body of too many keys or elements with 400 and words, on every route', async () => {
    const keys = await postJson(t, '/api/collections/pub/records', manyKeys(5_000));
    expect(keys.status).toBe(400);
    expect(keys.body.message).toMatch(/more than 2000 keys/);
    const elements = await postJson(
      t,
      '/api/collections/pub/records',
      `{"title":"abc","x":[${'0,'.repeat(25_000)}0]}`,
    );
    expect(elements.status).toBe(400);
    expect(elements.body.message).toMatch(/more than 20000 elements/);
    const form = new FormData();
    form.append('@jsonPayload', manyKeys(5_000));
    const payload = await fetch(`${t.url}/api/collections/pub/records`, { method: 'POST', body: form });
    expect(payload.status).toBe(400);
  });

  it('still takes a sign-in and a contact message of their real size', async () => {
    const { email, password } = await t.user();
    const signIn = await postJson(
      t,
      '/api/collections/users/auth-with-password',
      JSON.stringify({ identity: email, password }),
    );
    expect(signIn.status).toBe(200);
    const contact = await postJson(
      t,
      '/api/collections/contact_messages/records',
      JSON.stringify({ name: 'Ada', email: 'ada@example.com', topic: 'general', message: 'é'.repeat(5000) }),
    );
    expect(contact.status).toBe(200);
  });
});
