/**
 * The Microsoft user from Graph /me. Microsoft does not verify `mail` (any tenant admin can set
 * it), so the address is never treated as verified: it may sign a new user up, never link.
 */
import { getWithToken, ProviderCallError } from './provider-http.js';
import type { OAuth2User, ResolvedProvider, TokenSet } from './types.js';

export async function microsoftUser(p: ResolvedProvider, tokens: TokenSet): Promise<OAuth2User> {
  const me = await getWithToken(p.userInfoURL, tokens.accessToken);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  if (!str(me.id)) throw new ProviderCallError('Microsoft user without id');
  return {
    id: str(me.id),
    name: str(me.displayName),
    username: '',
    email: str(me.mail),
    emailVerified: false,
    avatarURL: '',
    rawUser: me,
  };
}
