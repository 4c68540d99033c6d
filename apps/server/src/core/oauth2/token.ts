/** The authorization-code exchange (RFC 6749 §4.1.3, with the PKCE verifier of RFC 7636 §4.5). */
import { formatDate } from '../../tools/dates.js';
import { callProvider, errorCode, hostOf, ProviderCallError, type ProviderAnswer } from './provider-http.js';
import type { ResolvedProvider, TokenSet } from './types.js';

export type CodeGrant = { code: string; codeVerifier: string; redirectURL: string };

// note: RFC 6749 §2.3.1 form-encodes the credentials before Base64 in the Basic header.
const formEncode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');

function post(p: ResolvedProvider, grant: CodeGrant, auth: 'basic' | 'post'): Promise<ProviderAnswer> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: grant.code });
  if (grant.redirectURL) form.set('redirect_uri', grant.redirectURL);
  if (p.pkce && grant.codeVerifier) form.set('code_verifier', grant.codeVerifier);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/x-www-form-urlencoded',
    'User-Agent': 'Photoshoot',
  };
  if (auth === 'basic') {
    headers.Authorization = `Basic ${Buffer.from(`${formEncode(p.clientId)}:${formEncode(p.clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', p.clientId);
    form.set('client_secret', p.clientSecret);
  }
  return callProvider(p.tokenURL, { method: 'POST', headers, body: form.toString() });
}

/** Exchanges the code; throws ProviderCallError for any refusal (GitHub refuses with a 200). */
export async function exchangeCode(p: ResolvedProvider, grant: CodeGrant): Promise<TokenSet> {
  let answer = await post(p, grant, p.tokenAuth);
  // Client authentication fails before the code is looked at, so the other method can still use it.
  if (answer.status === 401 || errorCode(answer.body) === 'invalid_client') {
    answer = await post(p, grant, p.tokenAuth === 'basic' ? 'post' : 'basic');
  }
  const { status, body } = answer;
  const accessToken = typeof body.access_token === 'string' ? body.access_token : '';
  if (status !== 200 || !accessToken || body.error !== undefined) {
    const code = errorCode(body);
    throw new ProviderCallError(`${hostOf(p.tokenURL)} answered ${status}${code ? ` ${code}` : ''}`);
  }
  const lifetime = Number(body.expires_in);
  return {
    accessToken,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
    idToken: typeof body.id_token === 'string' ? body.id_token : '',
    expiry:
      Number.isFinite(lifetime) && lifetime > 0 ? formatDate(new Date(Date.now() + lifetime * 1000)) : '',
  };
}
