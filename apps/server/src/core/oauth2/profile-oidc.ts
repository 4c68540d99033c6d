/**
 * The user of an OpenID Connect provider: the ID token is verified against the provider's keys
 * (signature, iss, aud, exp, nonce), then userinfo adds the profile claims, which providers often
 * leave out of the ID token in the code flow. Both must name the same subject.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { getWithToken, ProviderCallError } from './provider-http.js';
import type { OAuth2User, ResolvedProvider, TokenSet } from './types.js';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(url: string): ReturnType<typeof createRemoteJWKSet> {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 10_000, cacheMaxAge: 60 * 60 * 1000 });
    keySets.set(url, set);
  }
  return set;
}

async function verifyIdToken(p: ResolvedProvider, idToken: string, nonce: string): Promise<JWTPayload> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet(p.jwksURL), {
      issuer: p.issuers,
      audience: p.clientId,
      requiredClaims: ['sub', 'exp'],
      clockTolerance: 60,
    }));
  } catch (err) {
    throw new ProviderCallError(`ID token rejected (${(err as { code?: string }).code ?? 'invalid'})`);
  }
  // OpenID Connect Core §3.1.3.7: with several audiences, the token must have been issued to us.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== p.clientId) {
    throw new ProviderCallError('ID token rejected (azp)');
  }
  // The nonce was sent when PKCE was used; a token carrying another (or none) is from another flow.
  if ((nonce || payload.nonce !== undefined) && payload.nonce !== nonce) {
    throw new ProviderCallError('ID token rejected (nonce)');
  }
  return payload;
}

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export async function oidcUser(p: ResolvedProvider, tokens: TokenSet, nonce: string): Promise<OAuth2User> {
  const checked = tokens.idToken && p.jwksURL ? await verifyIdToken(p, tokens.idToken, nonce) : null;
  if (!checked && !p.userInfoURL) {
    throw new ProviderCallError('no verifiable ID token and no userinfo endpoint');
  }
  let claims: Record<string, unknown> = checked ?? {};
  let raw: Record<string, unknown> = checked ?? {};
  if (p.userInfoURL) {
    const info = await getWithToken(p.userInfoURL, tokens.accessToken);
    if (checked && info.sub !== checked.sub) throw new ProviderCallError('userinfo names another subject');
    claims = { ...claims, ...info };
    raw = info;
  }
  const id = text(claims.sub);
  if (!id) throw new ProviderCallError('the user has no subject');
  return {
    id,
    name: text(claims.name),
    username: text(claims.preferred_username),
    email: text(claims.email),
    // note: some providers send the boolean as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    avatarURL: text(claims.picture),
    rawUser: raw,
  };
}
