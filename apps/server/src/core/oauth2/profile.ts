/** Reads the provider's user with the exchanged tokens, by the provider's kind. */
import { githubUser } from './profile-github.js';
import { microsoftUser } from './profile-microsoft.js';
import { oidcUser } from './profile-oidc.js';
import type { OAuth2User, ResolvedProvider, TokenSet } from './types.js';

/** `nonce` is what an OpenID provider must have put in the ID token ('' when none was sent). */
export function fetchUser(p: ResolvedProvider, tokens: TokenSet, nonce: string): Promise<OAuth2User> {
  switch (p.kind) {
    case 'github':
      return githubUser(p, tokens);
    case 'microsoft':
      return microsoftUser(p, tokens);
    default:
      return oidcUser(p, tokens, nonce);
  }
}
