/**
 * Reads rows for update inside a transaction. On PostgreSQL the row is locked (`FOR UPDATE`) until
 * the transaction ends, so a concurrent checkout, upload or edit waits and then sees the new
 * state; SQLite transactions already run one at a time (BEGIN IMMEDIATE behind a lock).
 */
import { q, type Db } from '../db/db.js';
import type { CollectionDef } from '../schema/collection.js';
import { decodeRow, type RecordData } from './codec.js';

export async function lockRecord(tx: Db, collection: CollectionDef, id: string): Promise<RecordData | null> {
  const forUpdate = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const row = await tx.get(`SELECT * FROM ${q(collection.name)} WHERE "id" = ?${forUpdate}`, [id]);
  return row ? decodeRow(collection, row) : null;
}
