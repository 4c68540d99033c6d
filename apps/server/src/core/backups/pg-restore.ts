/**
 * Restores a PostgreSQL dump in one transaction: every table of the current schema is truncated
 * and refilled from the dump. TRUNCATE's exclusive locks make concurrent requests wait for the
 * commit, so they see the old data or the new, never a mix.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { App } from '../app.js';
import { q, type Db } from '../db/db.js';
import { ensureCollection } from '../db/ddl.js';
import type { PostgresDb } from '../db/postgres.js';
import { runMigrations } from '../migrations.js';
import { SettingsStore } from '../settings/settings-store.js';
import { PG_DUMP_FORMAT, PG_MANIFEST, type PgManifest } from './pg-dump.js';
import { listPgTables } from './pg-tables.js';
import { RestoreError } from './restore-error.js';

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((s) => typeof s === 'string');
}

/** Reads and checks the manifest of an extracted dump. */
export async function readPgManifest(dir: string): Promise<PgManifest> {
  let m: Partial<PgManifest>;
  try {
    m = JSON.parse(await readFile(join(dir, ...PG_MANIFEST.split('/')), 'utf8')) as Partial<PgManifest>;
  } catch (err) {
    throw new RestoreError('the backup has no readable PostgreSQL dump manifest', err);
  }
  const tablesOk =
    Array.isArray(m.tables) &&
    m.tables.every(
      (t) =>
        t &&
        typeof t.name === 'string' &&
        typeof t.file === 'string' &&
        /^dump\/\d+\.jsonl$/.test(t.file) &&
        isStringArray(t.columns),
    );
  if (m.format !== PG_DUMP_FORMAT || m.version !== 1 || !tablesOk || !isStringArray(m.migrations)) {
    throw new RestoreError('the backup manifest is not a PostgreSQL dump this server understands');
  }
  if (!m.tables!.some((t) => t.name === '_migrations'))
    throw new RestoreError('the backup dump has no _migrations table');
  return m as PgManifest;
}

async function insertBatch(tx: Db, table: string, columns: string[], lines: string[]): Promise<void> {
  const cols = columns.map(q).join(', ');
  // note: json_populate_recordset converts each JSON value with the column's own input function.
  await tx.run(
    `INSERT INTO ${q(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${q(table)}, ?::json)`,
    [`[${lines.join(',')}]`],
  );
}

async function loadTable(
  tx: Db,
  file: string,
  table: string,
  columns: string[],
  expectedRows: number,
): Promise<void> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    bytes += line.length;
    rows++;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insertBatch(tx, table, columns, batch);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length) await insertBatch(tx, table, columns, batch);
  if (rows !== expectedRows) throw new RestoreError(`the dump of ${table} is incomplete`);
}

/**
 * Replaces the contents of every table with the dump, upgrades the schema to this server's
 * migrations and checks the restored settings, all before the commit; `beforeCommit` runs last.
 */
export async function restorePg(
  app: App,
  db: PostgresDb,
  dir: string,
  manifest: PgManifest,
  beforeCommit: (tx: Db) => Promise<void>,
): Promise<void> {
  const root = resolve(dir);
  await db.transaction(async (tx) => {
    const live = await listPgTables(tx);
    if (live.length) await tx.exec(`TRUNCATE ${live.map((t) => q(t.name)).join(', ')}`);
    for (const t of manifest.tables) {
      const current = live.find((l) => l.name === t.name);
      // note: a table this server no longer has is left out; columns it no longer has are dropped.
      if (!current) continue;
      const columns = t.columns.filter((c) => current.columns.includes(c));
      if (columns.length === 0) continue;
      const file = resolve(root, ...t.file.split('/'));
      if (!file.startsWith(root + sep)) throw new RestoreError('unsafe dump file name');
      await loadTable(tx, file, t.name, columns, t.rows);
    }
    await runMigrations(tx, app.migrations);
    for (const c of app.registry.all()) await ensureCollection(tx, c);
    const settings = new SettingsStore(tx, app.options.encryptionKey, app.settings.sections);
    try {
      await settings.load();
    } catch (err) {
      throw new RestoreError('the backup settings cannot be read with this server encryption key', err);
    } finally {
      settings.close();
    }
    await beforeCommit(tx);
  });
}
