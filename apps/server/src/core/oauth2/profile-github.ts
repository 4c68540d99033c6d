/**
 * The GitHub user: /user for the profile, /user/emails for an address GitHub has verified (the
 * profile's public email says nothing about verification and is often empty).
 */
import { getWithToken, ProviderCallError } from './provider-http.js';
import type { OAuth2User, ResolvedProvider, TokenSet } from './types.js';

type GitHubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

const GITHUB_HEADERS = { Accept: 'application/vnd.github+json' };

function verifiedEmail(list: GitHubEmail[]): string {
  const ok = list.filter((e) => e.verified === true && typeof e.email === 'string');
  const pick = ok.find((e) => e.primary === true) ?? ok[0];
  return pick ? String(pick.email) : '';
}

export async function githubUser(p: ResolvedProvider, tokens: TokenSet): Promise<OAuth2User> {
  const user = await getWithToken(p.userInfoURL, tokens.accessToken, GITHUB_HEADERS);
  if (typeof user.id !== 'number' && typeof user.id !== 'string') {
    throw new ProviderCallError('GitHub user without id');
  }
  // The emails endpoint sits next to /user, which keeps GitHub Enterprise URLs working.
  const emails = await getWithToken(
    `${p.userInfoURL.replace(/\/+$/, '')}/emails`,
    tokens.accessToken,
    GITHUB_HEADERS,
  );
  const email = verifiedEmail(Array.isArray(emails.items) ? (emails.items as GitHubEmail[]) : []);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    id: String(user.id),
    name: str(user.name),
    username: str(user.login),
    email,
    emailVerified: email !== '',
    avatarURL: str(user.avatar_url),
    rawUser: user,
  };
}
