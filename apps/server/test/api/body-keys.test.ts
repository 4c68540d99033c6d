import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';

// A `__proto__` key in a form or @jsonPayload must be an ignored unknown field, not a prototype swap
// that smuggles values in as inherited properties.
describe.each(engines)('body keys (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  it('ignores __proto__ in @jsonPayload and in form fields', async () => {
    const form = new FormData();
    form.append('@jsonPayload', '{"__proto__":{"title":"smuggled","active":true},"total":2}');
    form.append('title', 'own title');
    const res = await fetch(`${t.url}/api/collections/pub/records`, { method: 'POST', body: form });
    const body = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.title).toBe('own title');
    expect(body.active).toBe(false);
    expect(body.total).toBe(2);

    const urlencoded = await fetch(`${t.url}/api/collections/pub/records`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '__proto__=1&toString=kept&title=plain',
    });
    expect(urlencoded.status).toBe(200);
    expect(((await urlencoded.json()) as { title: string }).title).toBe('plain');
  });

  it('refuses a multipart part named __proto__ with a 400 (the multipart reader rejects it)', async () => {
    const form = new FormData();
    form.append('__proto__', 'x');
    form.append('title', 'proto part');
    const res = await fetch(`${t.url}/api/collections/pub/records`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['data', 'message', 'status']);
  });

  it('refuses a body whose only title comes through __proto__', async () => {
    const form = new FormData();
    form.append('@jsonPayload', '{"__proto__":{"title":"smuggled"}}');
    const res = await fetch(`${t.url}/api/collections/pub/records`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { data: Record<string, { code: string }> }).data.title?.code).toBe(
      'validation_required',
    );
  });
});
