/**
 * Record tokens (PocketBase's auth tokens): HS256 JWTs signed with the record's tokenKey joined to the
 * collection's per-type secret, so a password change or a secret rotation invalidates them.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isJsonObject } from '../../tools/object-kinds.js';

export type TokenType = 'auth' | 'file' | 'verification' | 'passwordReset' | 'emailChange';

export type TokenClaims = {
  id: string;
  type: TokenType;
  collectionId: string;
  refreshable?: boolean;
  email?: string;
  newEmail?: string;
  exp?: number;
};

// note: HS256 with node:crypto directly: jose goes through WebCrypto and re-imports the key on every
// call, which the bench showed as a third of an authenticated request's CPU.
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function mac(input: string, key: string): Buffer {
  return createHmac('sha256', key).update(input).digest();
}

export async function signToken(
  claims: Omit<TokenClaims, 'exp'>,
  key: string,
  durationSeconds: number,
): Promise<string> {
  const payload = b64url(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + durationSeconds }));
  const input = `${HEADER}.${payload}`;
  return `${input}.${b64url(mac(input, key))}`;
}

function parts(token: string): [string, string, string] | null {
  const p = token.split('.');
  return p.length === 3 && p.every((x) => /^[A-Za-z0-9_-]*$/.test(x))
    ? (p as [string, string, string])
    : null;
}

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return isJsonObject(v) ? v : null;
  } catch {
    return null;
  }
}

/** Reads the claims without checking the signature (only to find the record whose key verifies it). */
export function peekToken(token: string): TokenClaims | null {
  const p = parts(token);
  const payload = p && decodePart(p[1]);
  if (
    !payload ||
    typeof payload.id !== 'string' ||
    typeof payload.collectionId !== 'string' ||
    typeof payload.type !== 'string'
  ) {
    return null;
  }
  return payload as unknown as TokenClaims;
}

/** Verifies algorithm, signature and expiry; null for anything invalid. */
export async function verifyToken(token: string, key: string): Promise<TokenClaims | null> {
  const p = parts(token);
  if (!p) return null;
  const header = decodePart(p[0]);
  if (!header || header.alg !== 'HS256') return null;
  const expected = mac(`${p[0]}.${p[1]}`, key);
  const given = Buffer.from(p[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = decodePart(p[1]);
  if (!payload) return null;
  if (typeof payload.exp === 'number' && payload.exp <= Math.floor(Date.now() / 1000)) return null;
  return payload as unknown as TokenClaims;
}
