/**
 * Which providers a collection offers, and each one's settings turned into endpoints: a preset
 * (google, github, microsoft), OpenID discovery from `issuer`, or the explicit URLs.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { OAuth2ProviderSettings } from '../settings/settings.js';
import { discover } from './discovery.js';
import { presetOf } from './presets.js';
import type { ResolvedProvider } from './types.js';

const OIDC_SCOPES = ['openid', 'email', 'profile'];

/**
 * OAuth2 signs customers in: the settings' providers apply to `users` only. Superusers never sign
 * up or in through a third party (PocketBase's superusers).
 */
export function oauth2Applies(collection: CollectionDef): boolean {
  return collection.name === 'users';
}

/** The enabled providers for `collection`, in settings order. */
export function enabledProviders(app: App, collection: CollectionDef): OAuth2ProviderSettings[] {
  if (!oauth2Applies(collection)) return [];
  return app.settings.get().oauth2.providers.filter((p) => p.enabled);
}

export async function resolveProvider(s: OAuth2ProviderSettings): Promise<ResolvedProvider> {
  const own = { name: s.name, clientId: s.clientId, clientSecret: s.clientSecret };
  const scopes = s.scopes?.length ? s.scopes : undefined;
  const preset = presetOf(s.name);
  if (preset) {
    return {
      ...preset,
      ...own,
      displayName: s.displayName || preset.displayName,
      authURL: s.authURL || preset.authURL,
      tokenURL: s.tokenURL || preset.tokenURL,
      userInfoURL: s.userInfoURL || preset.userInfoURL,
      scopes: scopes ?? preset.scopes,
      pkce: s.pkce ?? preset.pkce,
    };
  }
  if (s.issuer) {
    const d = await discover(s.issuer);
    const basic =
      d.tokenAuthMethods.includes('client_secret_basic') ||
      !d.tokenAuthMethods.includes('client_secret_post');
    return {
      ...own,
      displayName: s.displayName || s.name,
      kind: 'oidc',
      authURL: s.authURL || d.authURL,
      tokenURL: s.tokenURL || d.tokenURL,
      userInfoURL: s.userInfoURL || d.userInfoURL,
      jwksURL: d.jwksURL,
      issuers: [d.issuer],
      scopes: scopes ?? OIDC_SCOPES,
      pkce: s.pkce ?? d.supportsS256,
      tokenAuth: basic ? 'basic' : 'post',
    };
  }
  // Explicit endpoints without an issuer: no keys to check an ID token, so the user comes from userinfo.
  return {
    ...own,
    displayName: s.displayName || s.name,
    kind: 'oidc',
    authURL: s.authURL ?? '',
    tokenURL: s.tokenURL ?? '',
    userInfoURL: s.userInfoURL ?? '',
    jwksURL: '',
    issuers: [],
    scopes: scopes ?? OIDC_SCOPES,
    pkce: s.pkce ?? true,
    tokenAuth: 'basic',
  };
}
