/**
 * OpenID Connect discovery (`<issuer>/.well-known/openid-configuration`), cached per issuer so
 * auth-methods does not call the provider on every page view. Failures are not cached.
 */
import { callProvider, ProviderCallError } from './provider-http.js';

export type Discovered = {
  issuer: string;
  authURL: string;
  tokenURL: string;
  userInfoURL: string;
  jwksURL: string;
  /** What the provider says about S256 and client authentication (absent means the spec defaults). */
  supportsS256: boolean;
  tokenAuthMethods: string[];
};

const TTL_MS = 60 * 60 * 1000;
const cache = new Map<string, { at: number; value: Promise<Discovered> }>();

const trimSlash = (s: string) => s.replace(/\/+$/, '');

async function load(issuer: string): Promise<Discovered> {
  const url = `${trimSlash(issuer)}/.well-known/openid-configuration`;
  const { status, body } = await callProvider(url, { headers: { Accept: 'application/json' } });
  if (status !== 200) throw new ProviderCallError(`discovery for ${issuer} answered ${status}`);
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
  const list = (k: string) => (Array.isArray(body[k]) ? (body[k] as unknown[]).map(String) : null);
  // note: OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
  if (trimSlash(str('issuer')) !== trimSlash(issuer)) {
    throw new ProviderCallError(`discovery for ${issuer} names another issuer`);
  }
  if (!str('authorization_endpoint') || !str('token_endpoint')) {
    throw new ProviderCallError(`discovery for ${issuer} lacks endpoints`);
  }
  return {
    issuer: str('issuer'),
    authURL: str('authorization_endpoint'),
    tokenURL: str('token_endpoint'),
    userInfoURL: str('userinfo_endpoint'),
    jwksURL: str('jwks_uri'),
    supportsS256: list('code_challenge_methods_supported')?.includes('S256') ?? true,
    tokenAuthMethods: list('token_endpoint_auth_methods_supported') ?? ['client_secret_basic'],
  };
}

export function discover(issuer: string, now = Date.now()): Promise<Discovered> {
  const hit = cache.get(issuer);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = load(issuer);
  cache.set(issuer, { at: now, value });
  value.catch(() => {
    if (cache.get(issuer)?.value === value) cache.delete(issuer);
  });
  return value;
}
