/** The SDK's all-in-one OAuth2 flow leg that goes through realtime: `/api/oauth2-redirect` → `@oauth2` event. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';

describe.each(engines)('oauth2 redirect (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('hands the code to the waiting realtime client once, and refuses unknown states', async () => {
    const pb = t.client();
    const received: Record<string, string>[] = [];
    await pb.realtime.subscribe('@oauth2', (e) => received.push(e as Record<string, string>));
    const state = pb.realtime.clientId;
    expect(state).toMatch(/^[A-Za-z0-9]{40}$/);

    const ok = await fetch(`${t.url}/api/oauth2-redirect?state=${state}&code=abc123`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('Sign-in complete');
    for (let i = 0; i < 50 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([{ state, code: 'abc123' }]);

    // The subscription is consumed: a replay of the same redirect delivers nothing.
    const replay = await fetch(`${t.url}/api/oauth2-redirect?state=${state}&code=abc123`);
    expect(await replay.text()).toContain('Sign-in failed');
    const unknown = await fetch(`${t.url}/api/oauth2-redirect`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'state=nope&code=x',
    });
    expect(await unknown.text()).toContain('Sign-in failed');
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toHaveLength(1);
    await pb.realtime.unsubscribe();
  });
});
