/**
 * The two client flows: the code flow of the web app's /oauth-callback page (the server never sees
 * `state`; the page checks it, see docs/decisions/005-oauth2.md) and the SDK's all-in-one flow
 * through realtime and /api/oauth2-redirect (PocketBase's all-in-one OAuth2 flow), where the state
 * is the realtime client id and a redirect with any other state reaches nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponseError } from 'pocketbase';
import { engines } from '../support/harness.js';
import { startOAuth2Env, type OAuth2Env } from './support.js';

describe.each(engines)('OAuth2 client flows (%s)', (engine) => {
  let env: OAuth2Env;
  beforeAll(async () => {
    env = await startOAuth2Env(engine);
    env.addAccount('judy-sub', { email: 'judy@example.com', email_verified: true, name: 'Judy' });
  });
  afterAll(() => env?.close());

  it('code flow: the provider echoes the state for the page to check; the server does not look at it', async () => {
    const p = await env.provider();
    const echoed = await env.oidc.login(p.authURL + encodeURIComponent(env.callbackURL), 'judy-sub');
    expect(echoed.state).toBe(p.state);

    // A flow started with another state still exchanges: only the browser page can tell them apart.
    const url = new URL(p.authURL + encodeURIComponent(env.callbackURL));
    url.searchParams.set('state', 'a-state-the-page-never-issued');
    const foreign = await env.oidc.login(url.toString(), 'judy-sub');
    expect(foreign.state).toBe('a-state-the-page-never-issued');
    const pb = env.t.client();
    const auth = await pb
      .collection('users')
      .authWithOAuth2Code('oidc', foreign.code, p.codeVerifier, env.callbackURL);
    expect(auth.record.email).toBe('judy@example.com');
  });

  it("all-in-one flow: the SDK's authWithOAuth2 signs in through realtime and /api/oauth2-redirect", async () => {
    const pb = env.t.client();
    const redirects: string[] = [];
    const auth = await pb.collection('users').authWithOAuth2({
      provider: 'oidc',
      urlCallback: async (url) => {
        // The SDK swapped in its realtime client id as state and our redirect endpoint as redirect_uri.
        expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${env.t.url}/api/oauth2-redirect`);
        const { location } = await env.oidc.login(url, 'judy-sub');
        redirects.push(location);
        const page = await fetch(location);
        expect(await page.text()).toContain('Sign-in complete');
      },
    });
    expect(redirects).toHaveLength(1);
    expect(auth.record.email).toBe('judy@example.com');
    expect(auth.meta?.id).toBe('judy-sub');
    expect(pb.authStore.record?.id).toBe(auth.record.id);
  });

  it('all-in-one flow: a redirect whose state is not the waiting client id signs nobody in', async () => {
    const pb = env.t.client();
    // note: auto-cancellation gives the SDK's flow an abort handle, so the test can end the wait.
    pb.autoCancellation(true);
    let pageText = '';
    const pending = pb.collection('users').authWithOAuth2({
      provider: 'oidc',
      requestKey: 'oauth2-flow',
      urlCallback: async (url) => {
        const tampered = new URL(url);
        tampered.searchParams.set('state', 'x'.repeat(40));
        const { location } = await env.oidc.login(tampered.toString(), 'judy-sub');
        pageText = await (await fetch(location)).text();
      },
    });
    const outcome = pending.then(
      () => 'signed in',
      (e: ClientResponseError) => (e.isAbort ? 'still waiting when cancelled' : e.message),
    );
    for (let i = 0; i < 100 && !pageText; i++) await new Promise((r) => setTimeout(r, 20));
    expect(pageText).toContain('Sign-in failed');
    await new Promise((r) => setTimeout(r, 200));
    pb.cancelRequest('oauth2-flow');
    expect(await outcome).toBe('still waiting when cancelled');
    expect(pb.authStore.isValid).toBe(false);
  });
});
