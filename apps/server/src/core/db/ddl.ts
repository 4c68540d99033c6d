/**
 * SQL schema derived from collection definitions. `ensureCollection` is additive and idempotent:
 * it creates the table, missing columns and missing indexes, so migrations can call it safely.
 */
import { isMultiValue, type Field } from '../schema/fields.js';
import type { CollectionDef, IndexDef } from '../schema/collection.js';
import { q, type Db, type Dialect } from './db.js';

export function columnType(field: Field, dialect: Dialect): string {
  const pgsql = dialect === 'postgres';
  if (field.name === 'id') return 'TEXT PRIMARY KEY NOT NULL';
  if (isMultiValue(field)) return pgsql ? "JSONB NOT NULL DEFAULT '[]'" : "JSON NOT NULL DEFAULT '[]'";
  switch (field.type) {
    case 'number':
      return pgsql ? 'DOUBLE PRECISION NOT NULL DEFAULT 0' : 'NUMERIC NOT NULL DEFAULT 0';
    case 'bool':
      return pgsql ? 'BOOLEAN NOT NULL DEFAULT FALSE' : 'BOOLEAN NOT NULL DEFAULT 0';
    case 'json':
      return pgsql ? 'JSONB DEFAULT NULL' : 'JSON DEFAULT NULL';
    default:
      return "TEXT NOT NULL DEFAULT ''";
  }
}

async function existingColumns(db: Db, table: string): Promise<Set<string>> {
  const rows =
    db.dialect === 'sqlite'
      ? await db.all<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, [table])
      : await db.all<{ name: string }>(
          `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`,
          [table],
        );
  return new Set(rows.map((r) => r.name));
}

/** How `indexSql` writes the statement: DDL we run, or PocketBase's text form (backticks, no IF NOT EXISTS). */
export type IndexSqlStyle = { quote: (identifier: string) => string; ifNotExists: boolean };

const RUN_STYLE: IndexSqlStyle = { quote: q, ifNotExists: true };

export function indexSql(table: string, index: IndexDef, dialect: Dialect, style = RUN_STYLE): string {
  const qi = style.quote;
  const cols = index.columns
    .map((c) =>
      index.nocase ? (dialect === 'postgres' ? `LOWER(${qi(c)})` : `${qi(c)} COLLATE NOCASE`) : qi(c),
    )
    .join(', ');
  // note: optional unique text values ('' = unset) must not collide with each other.
  const where = index.unique && index.columns.length === 1 ? ` WHERE ${qi(index.columns[0]!)} != ''` : '';
  const ifNotExists = style.ifNotExists ? 'IF NOT EXISTS ' : '';
  return `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${ifNotExists}${qi(index.name)} ON ${qi(table)} (${cols})${where}`;
}

/** The index on `created` every collection with that field gets, besides its declared ones. */
export function createdIndex(collection: CollectionDef): IndexDef | null {
  return collection.fields.some((field) => field.name === 'created')
    ? { name: `idx_created_${collection.name}`, columns: ['created'] }
    : null;
}

export async function ensureCollection(db: Db, collection: CollectionDef): Promise<void> {
  const table = collection.name;
  const have = await existingColumns(db, table);
  if (have.size === 0) {
    const cols = collection.fields.map((field) => `${q(field.name)} ${columnType(field, db.dialect)}`);
    await db.exec(`CREATE TABLE IF NOT EXISTS ${q(table)} (${cols.join(', ')})`);
  } else {
    for (const field of collection.fields) {
      if (!have.has(field.name)) {
        await db.exec(`ALTER TABLE ${q(table)} ADD COLUMN ${q(field.name)} ${columnType(field, db.dialect)}`);
      }
    }
  }
  for (const index of collection.indexes) await db.exec(indexSql(table, index, db.dialect));
  const created = createdIndex(collection);
  if (created) await db.exec(indexSql(table, created, db.dialect));
}
