/**
 * Deletion with relation integrity (PocketBase semantics): cascade where the relation says so,
 * refuse while a required relation still points here, and unset optional references.
 */
import { ApiError } from '../errors.js';
import { q, type Db } from '../db/db.js';
import { isMultiValue, type RelationField } from '../schema/fields.js';
import type { CollectionDef } from '../schema/collection.js';
import type { App } from '../app.js';
import { decodeRow, encodeValue, type RecordData } from './codec.js';

const REFERENCE_MESSAGE =
  'Failed to delete record. Make sure that the record is not part of a required relation reference.';

function referencesTo(app: App, collection: CollectionDef): { owner: CollectionDef; field: RelationField }[] {
  const out: { owner: CollectionDef; field: RelationField }[] = [];
  for (const owner of app.registry.all()) {
    for (const field of owner.fields) {
      if (field.type === 'relation' && app.registry.find(field.collection)?.id === collection.id)
        out.push({ owner, field });
    }
  }
  return out;
}

async function referencing(
  db: Db,
  owner: CollectionDef,
  field: RelationField,
  id: string,
): Promise<RecordData[]> {
  const col = q(field.name);
  const sql = isMultiValue(field)
    ? db.dialect === 'sqlite'
      ? `SELECT * FROM ${q(owner.name)} WHERE EXISTS (SELECT 1 FROM json_each(${col}) WHERE value = ?)`
      : `SELECT * FROM ${q(owner.name)} WHERE ${col} @> to_jsonb(CAST(? AS TEXT))`
    : `SELECT * FROM ${q(owner.name)} WHERE ${col} = ?`;
  return (await db.all(sql, [id])).map((row) => decodeRow(owner, row));
}

export type Deleted = { collection: CollectionDef; record: RecordData };

/**
 * Deletes `record` inside transaction `tx`, following references; recursion handles cascades.
 * Returns every deleted record (cascades first) so their events can fire after commit.
 */
export async function deleteWithReferences(
  app: App,
  collection: CollectionDef,
  record: RecordData,
  tx: Db,
  deleted: Deleted[] = [],
): Promise<Deleted[]> {
  const id = record.id as string;
  for (const { owner, field } of referencesTo(app, collection)) {
    const rows = await referencing(tx, owner, field, id);
    for (const row of rows) {
      if (owner.id === collection.id && row.id === id) continue;
      if (field.cascadeDelete) {
        await deleteWithReferences(app, owner, row, tx, deleted);
        continue;
      }
      const current = row[field.name];
      const remaining = Array.isArray(current) ? current.filter((v) => v !== id) : '';
      if (field.required && (!Array.isArray(remaining) || remaining.length === 0))
        throw ApiError.badRequest(REFERENCE_MESSAGE);
      await tx.run(`UPDATE ${q(owner.name)} SET ${q(field.name)} = ? WHERE "id" = ?`, [
        encodeValue(field, remaining),
        row.id,
      ]);
    }
  }
  await tx.run(`DELETE FROM ${q(collection.name)} WHERE "id" = ?`, [id]);
  deleted.push({ collection, record });
  return deleted;
}
