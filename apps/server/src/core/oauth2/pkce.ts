/** PKCE (RFC 7636, S256) and the OpenID nonce derived from the same secret. */
import { createHash } from 'node:crypto';
import { randomString } from '../../tools/random.js';

const sha256url = (text: string) => createHash('sha256').update(text).digest('base64url');

/** 43 characters is RFC 7636's minimum and what PocketBase hands out. */
export function newCodeVerifier(): string {
  return randomString(43);
}

export function codeChallenge(verifier: string): string {
  return sha256url(verifier);
}

/**
 * The nonce an OpenID provider must echo in the ID token. It is derived from the code verifier,
 * which only the browser that started the flow knows, so the server can check it without storing
 * anything, and an ID token minted for another sign-in attempt does not pass.
 */
export function nonceFor(verifier: string): string {
  return sha256url(`nonce:${verifier}`);
}
