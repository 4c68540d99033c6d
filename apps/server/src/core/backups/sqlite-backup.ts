/**
 * SQLite backups: the database written with `VACUUM INTO` (live rows only, no free pages), and
 * restored with SQLite's online backup API (the restored file is copied page by page into the live database through a second
 * connection), so the server's own connection stays open and simply sees the new pages.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { App } from '../app.js';
import { ensureCollection } from '../db/ddl.js';
import { SqliteDb } from '../db/sqlite.js';
import { runMigrations } from '../migrations.js';
import { SettingsStore } from '../settings/settings-store.js';
import { linkTree, swapStorage } from './storage-tree.js';
import { RestoreError } from './restore-error.js';

export const SQLITE_ENTRY = 'data.db';
/** Pages per backup step: everything at once, since the copy runs under the connection lock. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database and hard-links the storage folder while holding the connection lock, so both
 * show the same instant: every committed record has its files, and no transaction is half in.
 */
export async function snapshotSqlite(
  db: SqliteDb,
  storageDir: string,
  workDir: string,
): Promise<{ dbFile: string; storage: string }> {
  const dbFile = join(workDir, SQLITE_ENTRY);
  const storage = join(workDir, 'storage');
  await db.exclusive(async () => {
    // note: VACUUM INTO writes live rows only; a page copy (the backup API) would carry the free
    // pages too, with whatever deleted rows left in them (password-reset tokens, old secrets).
    db.raw.prepare('VACUUM INTO ?').run(dbFile);
    await linkTree(storageDir, storage);
  });
  // note: the copy carries its source's WAL flag; a rollback-journal file is self-contained in a zip.
  const copy = new Database(dbFile);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return { dbFile, storage };
}

/**
 * Checks an extracted database and upgrades it to this server's schema and page size, all on the
 * temporary copy: the live database is not touched until the copy is known to be good.
 */
export async function prepareSqliteRestore(app: App, live: SqliteDb, file: string): Promise<void> {
  let conn: Database.Database;
  try {
    conn = new Database(file, { fileMustExist: true });
  } catch (err) {
    throw new RestoreError('the backup has no readable database', err);
  }
  const tmp = new SqliteDb(conn);
  try {
    try {
      if (conn.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('quick_check failed');
      conn.pragma('journal_mode = DELETE');
    } catch (err) {
      throw new RestoreError('the backup database is damaged or not a SQLite database', err);
    }
    const hasMigrations = conn
      .prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'`)
      .get();
    if (!hasMigrations) throw new RestoreError('the backup database has no _migrations table');
    const pageSize = live.raw.pragma('page_size', { simple: true }) as number;
    // note: SQLite refuses to back up into a WAL database with a different page size.
    if (conn.pragma('page_size', { simple: true }) !== pageSize) {
      conn.pragma(`page_size = ${Number(pageSize)}`);
      conn.exec('VACUUM');
    }
    await runMigrations(tmp, app.migrations);
    for (const c of app.registry.all()) await ensureCollection(tmp, c);
    const settings = new SettingsStore(tmp, app.options.encryptionKey, app.settings.sections);
    try {
      await settings.load();
    } catch (err) {
      throw new RestoreError('the backup settings cannot be read with this server encryption key', err);
    } finally {
      settings.close();
    }
  } finally {
    await tmp.close();
  }
}

/**
 * Swaps the storage folder and copies the prepared database into the live one, all under the
 * connection lock: requests queued behind it see the old data or the new, never a mix. Files that
 * uploads wrote since `startedAt` are carried over (their records may be waiting for the lock to
 * commit into the restored database). The old storage folder is deleted afterwards, outside the lock.
 */
export async function applySqliteRestore(
  app: App,
  live: SqliteDb,
  file: string,
  stagedStorage: string,
  liveStorage: string,
  startedAt: number,
): Promise<void> {
  let reloadError: unknown = null;
  const swap = await live.exclusive(async () => {
    const s = await swapStorage(liveStorage, stagedStorage);
    try {
      const source = new Database(file, { readonly: true, fileMustExist: true });
      try {
        await source.backup(live.raw.name, { progress: () => ALL_PAGES });
      } finally {
        source.close();
      }
    } catch (err) {
      await s.rollback();
      throw err;
    }
    await s.adoptRecent(startedAt);
    // note: the data is already restored here; a reload failure is reported, not rolled back.
    await app
      .reloadSecrets()
      .then(() => app.settings.load())
      .catch((err: unknown) => (reloadError = err));
    return s;
  });
  await swap.commit();
  if (reloadError) throw reloadError;
}
