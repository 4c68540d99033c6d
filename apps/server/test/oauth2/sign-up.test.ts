/** Sign-up and sign-in again through a real OpenID provider with PKCE (PocketBase's OAuth2 sign-in). */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../support/harness.js';
import { linkCount, startOAuth2Env, usersWithEmail, type OAuth2Env } from './support.js';

describe.each(engines)('OAuth2 sign-up and sign-in (%s)', (engine) => {
  let env: OAuth2Env;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
  });
  afterAll(() => env?.close());

  it('lists the provider with state, PKCE pair and an authorization URL ending in redirect_uri=', async () => {
    const p = await env.provider();
    expect(p.displayName).toBe('Test OpenID');
    expect(p.state).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(p.codeVerifier.length).toBeGreaterThanOrEqual(43);
    expect(p.codeChallenge).toBe(createHash('sha256').update(p.codeVerifier).digest('base64url'));
    expect(p.codeChallengeMethod).toBe('S256');
    expect(p.authURL.endsWith('&redirect_uri=')).toBe(true);
    expect(p.authUrl).toBe(p.authURL);
    const url = new URL(p.authURL);
    expect(`${url.origin}${url.pathname}`).toBe(`${env.oidc.issuer}/auth`);
    expect(url.searchParams.get('client_id')).toBe(env.oidc.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toBe(p.state);
    expect(url.searchParams.get('code_challenge')).toBe(p.codeChallenge);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // A second listing hands out a fresh state and verifier (nothing is stored server-side), and
    // reuses the cached discovery document.
    const fetched = env.oidc.discoveryFetches();
    expect(fetched).toBeGreaterThanOrEqual(1);
    const again = await env.provider();
    expect(again.state).not.toBe(p.state);
    expect(again.codeVerifier).not.toBe(p.codeVerifier);
    expect(env.oidc.discoveryFetches()).toBe(fetched);
  });

  it('signs a new user up from the profile and createData, then signs them in again through the link', async () => {
    env.addAccount('alice-sub', {
      email: 'alice@example.com',
      email_verified: true,
      name: 'Alice Example',
      picture: 'https://img.example/a.png',
    });
    const first = await env.signIn('alice-sub', { createData: { companyName: 'Acme Ltd' } });
    const { record, meta, token } = first.auth;
    expect(meta?.isNew).toBe(true);
    expect(record.email).toBe('alice@example.com');
    expect(record.name).toBe('Alice Example');
    expect(record.companyName).toBe('Acme Ltd');
    expect(record.verified).toBe(true);
    expect(record).not.toHaveProperty('password');
    expect(record).not.toHaveProperty('tokenKey');
    expect(meta).toMatchObject({
      id: 'alice-sub',
      name: 'Alice Example',
      email: 'alice@example.com',
      avatarURL: 'https://img.example/a.png',
      avatarUrl: 'https://img.example/a.png',
    });
    expect(typeof meta?.accessToken).toBe('string');
    expect(meta?.accessToken.length).toBeGreaterThan(10);
    expect(meta?.expiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(meta?.rawUser).toMatchObject({ sub: 'alice-sub', email: 'alice@example.com' });
    expect(first.pb.authStore.token).toBe(token);
    const refreshed = await first.pb.collection('users').authRefresh();
    expect(refreshed.record.id).toBe(record.id);
    expect(await linkCount(env.t, record.id)).toBe(1);

    const second = await env.signIn('alice-sub');
    expect(second.auth.meta?.isNew).toBe(false);
    expect(second.auth.record.id).toBe(record.id);
    expect(await usersWithEmail(env.t, 'alice@example.com')).toBe(1);
    expect(await linkCount(env.t, record.id)).toBe(1);
  });
});

describe.each(engines)('OAuth2 with explicit endpoints (%s)', (engine) => {
  let env: OAuth2Env;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    env.addAccount('kim-sub', { email: 'kim@example.com', email_verified: true, name: 'Kim' });
    await env.signIn('kim-sub');
  });
  afterAll(() => env?.close());

  it('works with explicit endpoints and no issuer, reading the user from userinfo', async () => {
    const su = await env.t.superuser();
    const { issuer, clientId, clientSecret } = env.oidc;
    await su.settings.update({
      oauth2: {
        providers: [
          {
            name: 'manual',
            clientId,
            clientSecret,
            enabled: true,
            authURL: `${issuer}/auth`,
            tokenURL: `${issuer}/token`,
            userInfoURL: `${issuer}/me`,
          },
        ],
      },
    });
    const p = await env.provider(undefined, 'manual');
    expect(p.displayName).toBe('manual');
    const { code } = await env.oidc.login(p.authURL + encodeURIComponent(env.callbackURL), 'kim-sub');
    const auth = await env.t
      .client()
      .collection('users')
      .authWithOAuth2Code('manual', code, p.codeVerifier, env.callbackURL);
    expect(auth.meta).toMatchObject({ id: 'kim-sub', email: 'kim@example.com', isNew: false });
    expect(auth.meta?.rawUser).toMatchObject({ sub: 'kim-sub', email_verified: true });
  });
});
