/**
 * Record tokens (protocol §4.11): HS256 JWTs signed with the record's tokenKey joined to the
 * collection's per-type secret, so a password change or a secret rotation invalidates them.
 */
import { SignJWT, decodeJwt, jwtVerify } from 'jose';

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

const encoder = new TextEncoder();

export async function signToken(
  claims: Omit<TokenClaims, 'exp'>,
  key: string,
  durationSeconds: number,
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + durationSeconds)
    .sign(encoder.encode(key));
}

/** Reads the claims without checking the signature (only to find the record whose key verifies it). */
export function peekToken(token: string): TokenClaims | null {
  try {
    const payload = decodeJwt(token) as Partial<TokenClaims>;
    if (typeof payload.id !== 'string' || typeof payload.collectionId !== 'string' || typeof payload.type !== 'string') {
      return null;
    }
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

/** Verifies signature and expiry; null for anything invalid. */
export async function verifyToken(token: string, key: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(key), { algorithms: ['HS256'] });
    return payload as unknown as TokenClaims;
  } catch {
    return null;
  }
}
