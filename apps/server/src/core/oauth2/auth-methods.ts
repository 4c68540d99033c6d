/**
 * The `oauth2` part of auth-methods (PocketBase's auth-methods): per provider a fresh state and PKCE pair,
 * and an authorization URL that ends in `&redirect_uri=` for the client to complete. Nothing is
 * stored: the client echoes state and verifier back.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { randomString } from '../../tools/random.js';
import { codeChallenge, newCodeVerifier, nonceFor } from './pkce.js';
import { enabledProviders, resolveProvider } from './providers.js';
import type { ResolvedProvider } from './types.js';

export type ProviderInfo = {
  name: string;
  displayName: string;
  state: string;
  authURL: string;
  /** The pre-0.23 spelling, still read by old SDKs. */
  authUrl: string;
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: string;
};

export type OAuth2Methods = { providers: ProviderInfo[]; enabled: boolean };

export function providerInfo(p: ResolvedProvider): ProviderInfo {
  const state = randomString(30);
  const verifier = p.pkce ? newCodeVerifier() : '';
  const challenge = p.pkce ? codeChallenge(verifier) : '';
  const url = new URL(p.authURL);
  url.searchParams.delete('redirect_uri');
  url.searchParams.set('client_id', p.clientId);
  if (p.pkce) {
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  if (p.pkce && p.kind === 'oidc') url.searchParams.set('nonce', nonceFor(verifier));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', p.scopes.join(' '));
  url.searchParams.set('state', state);
  const authURL = `${url.toString()}&redirect_uri=`;
  return {
    name: p.name,
    displayName: p.displayName,
    state,
    authURL,
    authUrl: authURL,
    codeVerifier: verifier,
    codeChallenge: challenge,
    codeChallengeMethod: p.pkce ? 'S256' : '',
  };
}

/** A provider whose discovery fails is left out (and reported) instead of failing the listing. */
export async function oauth2Methods(
  app: App,
  collection: CollectionDef,
  onError: (name: string, err: unknown) => void = () => {},
): Promise<OAuth2Methods> {
  const configured = enabledProviders(app, collection);
  const providers: ProviderInfo[] = [];
  for (const settings of configured) {
    try {
      providers.push(providerInfo(await resolveProvider(settings)));
    } catch (err) {
      onError(settings.name, err);
    }
  }
  return { providers, enabled: configured.length > 0 };
}
