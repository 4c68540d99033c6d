/**
 * Built-in providers. Each names its endpoints, default scopes, PKCE support and how its user is
 * read; settings may override the URLs (e.g. a Microsoft tenant instead of `common`) and scopes.
 */
import type { ResolvedProvider } from './types.js';

export type Preset = Omit<ResolvedProvider, 'name' | 'clientId' | 'clientSecret'>;

export const PRESETS: Record<string, Preset> = {
  // OpenID Connect: the ID token is checked against Google's keys, email_verified is honoured.
  google: {
    displayName: 'Google',
    kind: 'oidc',
    authURL: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenURL: 'https://oauth2.googleapis.com/token',
    userInfoURL: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwksURL: 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    tokenAuth: 'post',
  },
  // Plain OAuth2: /user, then /user/emails for an address GitHub marks verified.
  github: {
    displayName: 'GitHub',
    kind: 'github',
    authURL: 'https://github.com/login/oauth/authorize',
    tokenURL: 'https://github.com/login/oauth/access_token',
    userInfoURL: 'https://api.github.com/user',
    jwksURL: '',
    issuers: [],
    scopes: ['read:user', 'user:email'],
    pkce: true,
    tokenAuth: 'post',
  },
  // Microsoft Graph /me. Its `mail` is not verified by Microsoft, so it never links by email.
  microsoft: {
    displayName: 'Microsoft',
    kind: 'microsoft',
    authURL: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenURL: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userInfoURL: 'https://graph.microsoft.com/v1.0/me',
    jwksURL: '',
    issuers: [],
    scopes: ['User.Read'],
    pkce: true,
    tokenAuth: 'post',
  },
};

export function presetOf(name: string): Preset | undefined {
  return Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
}
