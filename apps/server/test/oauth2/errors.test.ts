/**
 * auth-with-oauth2 refusals (PocketBase's auth-with-oauth2): disabled OAuth2, unknown or disabled providers,
 * missing code, codes the provider rejects, ID tokens from another flow, unreachable providers.
 * Provider error details never reach the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';
import { startOAuth2Env, type OAuth2Env } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('OAuth2 errors (%s)', (engine) => {
  let env: OAuth2Env;
  let su: PocketBase;
  const oidcSettings = () => ({
    name: 'oidc',
    displayName: 'Test OpenID',
    clientId: env.oidc.clientId,
    clientSecret: '',
    enabled: true,
    issuer: env.oidc.issuer,
  });
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    su = await env.t.superuser();
    env.addAccount('ivan-sub', { email: 'ivan@example.com', email_verified: true, name: 'Ivan' });
  });
  afterAll(() => env?.close());

  const users = () => env.t.client().collection('users');

  it('answers a bad or reused code with 400 "Failed to fetch OAuth2 token." and no provider details', async () => {
    const { provider } = await env.authorize('ivan-sub');
    const bad = await failure(
      users().authWithOAuth2Code('oidc', 'not-a-real-code', provider.codeVerifier, env.callbackURL),
    );
    expect(bad?.status).toBe(400);
    expect(bad?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 token.', data: {} });

    const { code, provider: p } = await env.authorize('ivan-sub');
    await users().authWithOAuth2Code('oidc', code, p.codeVerifier, env.callbackURL);
    const reused = await failure(users().authWithOAuth2Code('oidc', code, p.codeVerifier, env.callbackURL));
    expect(reused?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 token.', data: {} });
    expect(JSON.stringify(reused?.response)).not.toMatch(/invalid_grant|grant request is invalid/);
  });

  it('needs the PKCE verifier of the same flow', async () => {
    const { code } = await env.authorize('ivan-sub');
    const other = await env.provider();
    const err = await failure(users().authWithOAuth2Code('oidc', code, other.codeVerifier, env.callbackURL));
    expect(err?.response.message).toBe('Failed to fetch OAuth2 token.');
  });

  it('rejects an ID token without the nonce of this flow as "Failed to fetch OAuth2 user."', async () => {
    const p = await env.provider();
    const url = new URL(p.authURL + encodeURIComponent(env.callbackURL));
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    url.searchParams.set('nonce', 'some-other-nonce');
    const { code } = await env.oidc.login(url.toString(), 'ivan-sub');
    const err = await failure(users().authWithOAuth2Code('oidc', code, p.codeVerifier, env.callbackURL));
    expect(err?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 user.', data: {} });
  });

  it('answers an unknown, disabled or missing provider and a missing code with field errors', async () => {
    const unknown = await failure(
      users().authWithOAuth2Code('nope', 'code', 'v'.repeat(43), env.callbackURL),
    );
    expect(unknown?.status).toBe(400);
    expect(unknown?.response.data.provider.code).toBe('validation_invalid_provider');

    const missing = await failure(users().authWithOAuth2Code('oidc', '', 'v'.repeat(43), env.callbackURL));
    expect(missing?.status).toBe(400);
    expect(missing?.response.data.code.code).toBe('validation_required');

    const noProvider = await failure(users().authWithOAuth2Code('', 'code', '', ''));
    expect(noProvider?.response.data.provider.code).toBe('validation_required');

    await su.settings.update({
      oauth2: { providers: [oidcSettings(), { ...oidcSettings(), name: 'spare', enabled: false }] },
    });
    const disabled = await failure(
      users().authWithOAuth2Code('spare', 'code', 'v'.repeat(43), env.callbackURL),
    );
    expect(disabled?.response.data.provider.code).toBe('validation_invalid_provider');
    const methods = await users().listAuthMethods();
    expect(methods.oauth2.providers.map((p) => p.name)).toEqual(['oidc']);
  });

  it('is 403 when no provider is enabled, and for superusers always', async () => {
    const asSuperuser = await failure(
      env.t.client().collection('_superusers').authWithOAuth2Code('oidc', 'code', 'v', env.callbackURL),
    );
    expect(asSuperuser?.status).toBe(403);
    const suMethods = await env.t.client().collection('_superusers').listAuthMethods();
    expect(suMethods.oauth2).toEqual({ providers: [], enabled: false });

    await su.settings.update({ oauth2: { providers: [{ ...oidcSettings(), enabled: false }] } });
    try {
      const err = await failure(users().authWithOAuth2Code('oidc', 'code', 'v', env.callbackURL));
      expect(err?.status).toBe(403);
      expect((await users().listAuthMethods()).oauth2).toEqual({ providers: [], enabled: false });
    } finally {
      await su.settings.update({ oauth2: { providers: [oidcSettings()] } });
    }
    expect((await users().listAuthMethods()).oauth2.enabled).toBe(true);
  });

  it('leaves an unreachable issuer out of auth-methods and fails its sign-in cleanly', async () => {
    const down = {
      ...oidcSettings(),
      name: 'down',
      clientSecret: 'x',
      issuer: 'http://127.0.0.1:9/unreachable',
    };
    await su.settings.update({ oauth2: { providers: [oidcSettings(), down] } });
    try {
      const methods = await users().listAuthMethods();
      expect(methods.oauth2.enabled).toBe(true);
      expect(methods.oauth2.providers.map((p) => p.name)).toEqual(['oidc']);
      const err = await failure(users().authWithOAuth2Code('down', 'code', 'v'.repeat(43), env.callbackURL));
      expect(err?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 token.', data: {} });
    } finally {
      await su.settings.update({ oauth2: { providers: [oidcSettings()] } });
    }
  });

  it('refuses malformed createData and incomplete provider settings', async () => {
    const { code, provider } = await env.authorize('ivan-sub');
    const res = await fetch(`${env.t.url}/api/collections/users/auth-with-oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'oidc',
        code,
        codeVerifier: provider.codeVerifier,
        redirectURL: env.callbackURL,
        createData: 'x',
      }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).data.createData.code).toBe('validation_invalid_value');

    const err = await failure(
      su.settings.update({
        oauth2: {
          providers: [
            { name: 'custom', clientId: 'a', clientSecret: 'b', enabled: true },
            { name: 'x', clientId: 'a', clientSecret: 'b', enabled: false, tokenURL: 'ftp://nope' },
          ],
        },
      }),
    );
    expect(err?.status).toBe(400);
    expect(err?.response.data.oauth2['providers.0'].code).toBe('validation_required');
    expect(err?.response.data.oauth2['providers.1.tokenURL'].code).toBe('validation_is_url');
    // The client secret is kept but never shown.
    const shown = await su.settings.getAll();
    expect(shown.oauth2.providers[0].clientSecret).toBe('');
    expect(JSON.stringify(shown)).not.toContain(env.oidc.clientSecret);
  });
});
