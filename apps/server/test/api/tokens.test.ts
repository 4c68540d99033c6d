import { describe, expect, it } from 'vitest';
import { peekToken, signToken, verifyToken } from '../../src/core/auth/tokens.js';

const claims = { id: 'abc123def456ghi', type: 'auth' as const, collectionId: 'pbc_1', refreshable: true };

describe('record tokens (HS256)', () => {
  it('verifies what it signs, with the protocol claims', async () => {
    const token = await signToken(claims, 'key-1', 60);
    const v = await verifyToken(token, 'key-1');
    expect(v).toMatchObject(claims);
    expect(v!.exp).toBeGreaterThan(Date.now() / 1000);
    expect(peekToken(token)).toMatchObject(claims);
  });

  it('refuses a wrong key, a tampered payload, alg none and an expired token', async () => {
    const token = await signToken(claims, 'key-1', 60);
    expect(await verifyToken(token, 'key-2')).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...claims, id: 'otherid00000000', exp: 9999999999 }),
    ).toString('base64url');
    expect(await verifyToken(`${h}.${forged}.${s}`, 'key-1')).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await verifyToken(`${none}.${p}.`, 'key-1')).toBeNull();
    expect(await verifyToken(await signToken(claims, 'key-1', -1), 'key-1')).toBeNull();
    expect(await verifyToken('not.a.jwt!', 'key-1')).toBeNull();
    expect(peekToken('garbage')).toBeNull();
  });
});
