/**
 * The GitHub and Microsoft presets: their real endpoints and scopes in auth-methods, and how each
 * reads its user, against loopback stand-ins that speak the services' documented shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { startStandIn, STANDIN_CLIENT, type StandIn } from './provider-standin.js';
import type { ProviderInfo } from './support.js';
import { failure } from '../support/errors.js';

describe.each(engines)('OAuth2 provider presets (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let standIn: StandIn;
  const creds = { clientId: STANDIN_CLIENT.id, clientSecret: STANDIN_CLIENT.secret, enabled: true };
  beforeAll(async () => {
    t = await startServer({ engine });
    standIn = await startStandIn();
    su = await t.superuser();
    await su.settings.update({ rateLimits: { enabled: false } });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const providers = async () =>
    (await t.client().collection('users').listAuthMethods()).oauth2.providers as unknown as ProviderInfo[];

  it('lists Google, GitHub and Microsoft with their real endpoints and scopes', async () => {
    await su.settings.update({
      oauth2: {
        providers: [
          { name: 'google', ...creds },
          { name: 'github', ...creds },
          { name: 'microsoft', ...creds },
        ],
      },
    });
    const [google, github, microsoft] = await providers();
    const parse = (p: ProviderInfo | undefined) => new URL(p!.authURL);
    expect(google?.displayName).toBe('Google');
    expect(parse(google).origin + parse(google).pathname).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    expect(parse(google).searchParams.get('scope')).toBe('openid email profile');
    expect(parse(google).searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(github?.displayName).toBe('GitHub');
    expect(parse(github).origin + parse(github).pathname).toBe('https://github.com/login/oauth/authorize');
    expect(parse(github).searchParams.get('scope')).toBe('read:user user:email');
    expect(parse(github).searchParams.get('nonce')).toBeNull();
    expect(microsoft?.displayName).toBe('Microsoft');
    expect(parse(microsoft).origin + parse(microsoft).pathname).toBe(
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    );
    expect(parse(microsoft).searchParams.get('scope')).toBe('User.Read');
    for (const p of [google, github, microsoft]) {
      expect(p?.codeChallengeMethod).toBe('S256');
      expect(p?.authURL.endsWith('&redirect_uri=')).toBe(true);
    }
  });

  it('GitHub: signs up with the address GitHub verified, not the unverified primary one', async () => {
    await su.settings.update({
      oauth2: {
        providers: [
          {
            name: 'github',
            ...creds,
            authURL: `${standIn.url}/github/login/oauth/authorize`,
            tokenURL: `${standIn.url}/github/login/oauth/access_token`,
            userInfoURL: `${standIn.url}/github/user`,
          },
        ],
      },
    });
    const [p] = await providers();
    expect(p?.authURL.startsWith(`${standIn.url}/github/login/oauth/authorize?`)).toBe(true);
    standIn.issueCode('gh-code-1', p!.codeVerifier);
    const auth = await t
      .client()
      .collection('users')
      .authWithOAuth2Code('github', 'gh-code-1', p!.codeVerifier, 'http://127.0.0.1/cb');
    expect(auth.meta).toMatchObject({
      id: '4242',
      username: 'octocat',
      name: 'Octo Cat',
      email: 'octo@example.com',
      isNew: true,
    });
    expect(auth.meta?.rawUser.login).toBe('octocat');
    expect(auth.record.email).toBe('octo@example.com');
    expect(auth.record.verified).toBe(true);

    // GitHub refuses a bad code with a 200 and an error field.
    const bad = await failure(
      t
        .client()
        .collection('users')
        .authWithOAuth2Code('github', 'gh-wrong', p!.codeVerifier, 'http://127.0.0.1/cb'),
    );
    expect(bad?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 token.', data: {} });
  });

  it('Microsoft: signs up from Graph /me but never trusts its mail for linking', async () => {
    await su.settings.update({
      oauth2: {
        providers: [
          {
            name: 'microsoft',
            ...creds,
            tokenURL: `${standIn.url}/ms/token`,
            userInfoURL: `${standIn.url}/ms/me`,
          },
        ],
      },
    });
    const [p] = await providers();
    standIn.issueCode('ms-code-1', p!.codeVerifier);
    const auth = await t
      .client()
      .collection('users')
      .authWithOAuth2Code('microsoft', 'ms-code-1', p!.codeVerifier, 'http://127.0.0.1/cb');
    expect(auth.meta).toMatchObject({
      id: 'ms-0001',
      name: 'Mia Soft',
      email: 'mia@example.com',
      refreshToken: 'ms_refresh',
      isNew: true,
    });
    expect(auth.meta?.expiry).not.toBe('');
    expect(auth.record.verified).toBe(false);

    // Someone else's account with a Microsoft-supplied address is not reachable through it.
    const other = await t.user();
    await su.collection('users').update(other.id, { verified: true });
    await su.collection('users').update(auth.record.id, { email: 'mia.moved@example.com' });
    await su.collection('users').update(other.id, { email: 'mia@example.com' });
    await t.app.db.run(`DELETE FROM "_externalAuths"`);
    const [again] = await providers();
    standIn.issueCode('ms-code-2', again!.codeVerifier);
    const err = await failure(
      t
        .client()
        .collection('users')
        .authWithOAuth2Code('microsoft', 'ms-code-2', again!.codeVerifier, 'http://127.0.0.1/cb'),
    );
    expect(err?.status).toBe(400);
    expect(err?.response.data.email.code).toBe('validation_oauth2_email_unverified');

    const bad = await failure(
      t.client().collection('users').authWithOAuth2Code('microsoft', 'ms-wrong', again!.codeVerifier, ''),
    );
    expect(bad?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 token.', data: {} });
    expect(JSON.stringify(bad?.response)).not.toContain('AADSTS');
  });

  it('retries the token request with the credentials in the body when Basic is refused', async () => {
    const strict = {
      name: 'strict',
      ...creds,
      authURL: `${standIn.url}/strict/authorize`,
      tokenURL: `${standIn.url}/strict/token`,
      userInfoURL: `${standIn.url}/strict/userinfo`,
    };
    await su.settings.update({ oauth2: { providers: [strict] } });
    const [p] = await providers();
    standIn.issueCode('strict-code', p!.codeVerifier);
    const auth = await t
      .client()
      .collection('users')
      .authWithOAuth2Code('strict', 'strict-code', p!.codeVerifier, '');
    // A string "true" for email_verified counts, as some providers send it.
    expect(auth.record).toMatchObject({ email: 'strict@example.com', verified: true, name: 'Strict' });

    // An answer beyond the size limit is refused before it is read in full.
    await su.settings.update({
      oauth2: { providers: [{ ...strict, userInfoURL: `${standIn.url}/strict/huge-userinfo` }] },
    });
    const [q] = await providers();
    standIn.issueCode('strict-code-2', q!.codeVerifier);
    const err = await failure(
      t.client().collection('users').authWithOAuth2Code('strict', 'strict-code-2', q!.codeVerifier, ''),
    );
    expect(err?.response).toEqual({ status: 400, message: 'Failed to fetch OAuth2 user.', data: {} });
  });
});
