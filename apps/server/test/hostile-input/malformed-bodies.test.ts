import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';

/** Sends a raw body and returns the status and parsed error body. */
async function send(t: TestServer, path: string, body: string, contentType: string) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: JSON.parse(text) as { status: number; message: string; data: object },
  };
}

function expectErrorShape(r: { status: number; json: object }, status: number) {
  expect(r.status, JSON.stringify(r.json)).toBe(status);
  expect(Object.keys(r.json).sort()).toEqual(['data', 'message', 'status']);
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

// Each of these once answered 500: the multipart reader's and the JSON field's
// failures were not the client's fault as far as the error handler knew.
describe.each(engines)('malformed bodies (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  it('answers 400 to a multipart request without a boundary', async () => {
    const r = await send(t, '/api/collections/pub/records', '--x\r\n', 'multipart/form-data');
    expectErrorShape(r, 400);
  });

  it('answers 400 to a truncated multipart body', async () => {
    const body = '--b0und\r\nContent-Disposition: form-data; name="title"\r\n\r\nhalf a tit';
    const r = await send(t, '/api/collections/pub/records', body, 'multipart/form-data; boundary=b0und');
    expectErrorShape(r, 400);
  });

  it('answers 400 to a JSON body nested 20,000 levels deep', async () => {
    const r = await send(
      t,
      '/api/collections/pub/records',
      `{"title":"deep","tags":${nested(20_000)}}`,
      'application/json',
    );
    expectErrorShape(r, 400);
  });

  it('answers 400 to a form field value nested 20,000 levels deep, in @jsonPayload or a json field', async () => {
    const viaPayload = new FormData();
    viaPayload.append('@jsonPayload', `{"title":"deep","tags":${nested(20_000)}}`);
    const a = await fetch(`${t.url}/api/collections/pub/records`, { method: 'POST', body: viaPayload });
    expectErrorShape({ status: a.status, json: (await a.json()) as object }, 400);

    const su = await t.superuser();
    const pkg = new FormData();
    pkg.append('name', 'Deep');
    pkg.append('features', nested(20_000));
    const b = await fetch(`${t.url}/api/collections/packages/records`, {
      method: 'POST',
      headers: { authorization: su.authStore.token },
      body: pkg,
    });
    const bj = (await b.json()) as { data: Record<string, { code: string }> };
    expectErrorShape({ status: b.status, json: bj }, 400);
    expect(bj.data.features?.code).toBe('validation_json_too_deep');
  });

  it('still serves after all that', async () => {
    const health = await fetch(`${t.url}/api/health`);
    expect(health.status).toBe(200);
    const ok = await t.client().collection('pub').create({ title: 'after the storm' });
    expect(ok.title).toBe('after the storm');
  });
});
