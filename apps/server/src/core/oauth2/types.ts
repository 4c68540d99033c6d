/** The shapes shared by the OAuth2 sign-in pieces (PocketBase's OAuth2 sign-in). */

/** How a provider's user is read once the code is exchanged. */
export type ProfileKind = 'oidc' | 'github' | 'microsoft';

/** A provider from settings with its preset or discovered endpoints filled in. */
export type ResolvedProvider = {
  name: string;
  displayName: string;
  clientId: string;
  clientSecret: string;
  authURL: string;
  tokenURL: string;
  userInfoURL: string;
  scopes: string[];
  pkce: boolean;
  kind: ProfileKind;
  /** Client authentication at the token endpoint (RFC 6749 §2.3.1); the other is tried on 401. */
  tokenAuth: 'basic' | 'post';
  /** OpenID Connect ID-token checks; empty when the endpoints were given without an issuer. */
  issuers: string[];
  jwksURL: string;
};

/** The token endpoint's answer, reduced to what sign-in needs. */
export type TokenSet = {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Protocol date string, or '' when the provider gave no lifetime. */
  expiry: string;
};

/** The provider's user, normalised across providers. */
export type OAuth2User = {
  id: string;
  name: string;
  username: string;
  email: string;
  /** True only when the provider vouches for the address; linking by email depends on it. */
  emailVerified: boolean;
  avatarURL: string;
  rawUser: Record<string, unknown>;
};
