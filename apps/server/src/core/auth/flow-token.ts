import type { App } from '../app.js';
import { q } from '../db/db.js';
import { newTokenKey } from '../records/auth-fields.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import type { ValidationErrors } from '../errors.js';
import type { TokenClaims, TokenType } from './tokens.js';

export type FlowToken = { record: RecordData; claims: TokenClaims };

/**
 * Checks a mailed token (verification, password reset, email change) for the path's collection;
 * adds the protocol's `data.token` error and returns null when it is unusable.
 */
export async function readFlowToken(
  app: App,
  collection: CollectionDef,
  token: string,
  type: TokenType,
  errors: ValidationErrors,
): Promise<FlowToken | null> {
  if (token === '') {
    errors.add('token', 'validation_required', 'Cannot be blank.');
    return null;
  }
  const found = await app.auth.verifyRecordToken(token, type);
  if (!found) {
    errors.add('token', 'validation_invalid_token', 'Invalid or expired token.');
    return null;
  }
  if (found.collection.id !== collection.id) {
    errors.add(
      'token',
      'validation_token_collection_mismatch',
      'The provided token is for different auth collection.',
    );
    return null;
  }
  return { record: found.record, claims: found.claims };
}

/**
 * Spends a single-use token: atomically swaps the record's tokenKey (which signed the token) for a
 * new one, so of two concurrent confirmations only one gets past this point.
 */
export async function spendFlowToken(
  app: App,
  collection: CollectionDef,
  record: RecordData,
): Promise<boolean> {
  const { changes } = await app.db.run(
    `UPDATE ${q(collection.name)} SET "tokenKey" = ? WHERE "id" = ? AND "tokenKey" = ?`,
    [newTokenKey(), record.id, record.tokenKey],
  );
  return changes === 1;
}
