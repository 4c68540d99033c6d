/**
 * `GET /api/collections/meta/oauth2-providers` through the official SDK
 * (`collections.getAllOAuth2Providers()`), which newer PocketBase dashboards load at start:
 * superusers only (401 guest, 403 customer, `data: {}`), each provider as `{name, displayName,
 * logo}` with an inline SVG logo and none of its endpoints or settings.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { failure } from '../support/errors.js';

describe.each(engines)('configurable OAuth2 providers (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  it('is for superusers only', async () => {
    const guest = await failure(t.client().collections.getAllOAuth2Providers());
    expect(guest.status).toBe(401);
    expect(guest.response).toMatchObject({ status: 401, data: {} });
    const { pb } = await t.user();
    const customer = await failure(pb.collections.getAllOAuth2Providers());
    expect(customer.status).toBe(403);
    expect(customer.response).toMatchObject({ status: 403, data: {} });
  });

  it("lists every provider that can be configured, in PocketBase's shape", async () => {
    const providers = await su.collections.getAllOAuth2Providers();
    expect(providers.map((p) => p.name)).toEqual(['google', 'github', 'microsoft', 'oidc', 'oidc2', 'oidc3']);
    expect(providers[0]).toMatchObject({ name: 'google', displayName: 'Google' });
    expect(providers.find((p) => p.name === 'oidc')!.displayName).toBe('OIDC');
    for (const p of providers) {
      expect(Object.keys(p).sort()).toEqual(['displayName', 'logo', 'name']);
      expect(p.logo).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
    expect(JSON.stringify(providers)).not.toMatch(/authURL|tokenURL|clientSecret|scopes|pkce/);
  });
});
