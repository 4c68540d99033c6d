/**
 * PostgreSQL backups: a portable dump (one JSON object per row, a file per table, and a manifest
 * with the applied migrations) read in one REPEATABLE READ transaction, so every table shows the
 * same instant, plus the storage folder linked right after that instant is fixed.
 */
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Db } from '../db/db.js';
import { q } from '../db/db.js';
import type { PostgresDb } from '../db/postgres.js';
import { nowString } from '../../tools/dates.js';
import { listPgTables } from './pg-tables.js';
import { linkTree } from './storage-tree.js';
import type { ZipOut } from './zip-out.js';

export const PG_MANIFEST = 'dump/manifest.json';
export const PG_DUMP_FORMAT = 'photoshoot-pg-dump';
const FETCH_ROWS = 500;

export type PgManifest = {
  format: typeof PG_DUMP_FORMAT;
  version: 1;
  created: string;
  migrations: string[];
  tables: { name: string; file: string; columns: string[]; rows: number }[];
};

/** Rows of one table as JSON lines, fetched through a cursor so a big table is never in memory. */
async function* tableLines(
  tx: Db,
  table: string,
  cursor: string,
  counted: (rows: number) => void,
): AsyncGenerator<Buffer> {
  await tx.exec(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${q(table)} t`);
  let rows = 0;
  try {
    for (;;) {
      const batch = await tx.all<{ j: string }>(`FETCH ${FETCH_ROWS} FROM ${cursor}`);
      if (batch.length === 0) break;
      rows += batch.length;
      yield Buffer.from(batch.map((r) => `${r.j}\n`).join(''), 'utf8');
    }
  } finally {
    await tx.exec(`CLOSE ${cursor}`);
  }
  counted(rows);
}

/** Writes the dump and the storage snapshot into `zip` and finishes it, inside the snapshot transaction. */
export async function writePgBackup(
  db: PostgresDb,
  storageDir: string,
  workDir: string,
  zip: ZipOut,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // note: the first query fixes the snapshot; files are linked right after it, before any later
    // change can delete a file that a snapshot row still references.
    const tables = await listPgTables(tx);
    const storage = join(workDir, 'storage');
    await linkTree(storageDir, storage);
    await zip.addTree(storage, 'storage');
    const migrations = tables.some((t) => t.name === '_migrations')
      ? (await tx.all<{ id: string }>(`SELECT "id" FROM "_migrations" ORDER BY "id"`)).map((r) => r.id)
      : [];
    const manifest: PgManifest = {
      format: PG_DUMP_FORMAT,
      version: 1,
      created: nowString(),
      migrations,
      tables: [],
    };
    tables.forEach((t, i) => {
      const entry = { name: t.name, file: `dump/${i}.jsonl`, columns: t.columns, rows: 0 };
      manifest.tables.push(entry);
      zip.addLazy(entry.file, () =>
        Readable.from(
          tableLines(tx, t.name, `backup_cursor_${i}`, (n) => (entry.rows = n)),
          { objectMode: false },
        ),
      );
    });
    // note: lazy, so it is serialised after every table entry has been read and counted.
    zip.addLazy(PG_MANIFEST, () =>
      Readable.from([Buffer.from(JSON.stringify(manifest), 'utf8')], { objectMode: false }),
    );
    await zip.finish();
  });
}
