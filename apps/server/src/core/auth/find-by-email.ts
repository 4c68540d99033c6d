import { q } from '../db/db.js';
import { normalizeEmail } from '../../tools/normalize-email.js';
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';

/** The auth record with this email, in its normal form, compared case-insensitively as the unique index does. */
export async function findAuthRecordByEmail(
  app: App,
  collection: CollectionDef,
  email: string,
): Promise<RecordData | null> {
  const match = app.db.dialect === 'postgres' ? `LOWER("email") = LOWER(?)` : `"email" = ? COLLATE NOCASE`;
  const row = await app.db.get<{ id: string }>(
    `SELECT "id" FROM ${q(collection.name)} WHERE ${match} LIMIT 1`,
    [normalizeEmail(email)],
  );
  return row ? app.records.findById(collection, row.id) : null;
}
