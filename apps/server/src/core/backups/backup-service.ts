/**
 * Backups (PocketBase's backups API): create, list, upload, delete and restore zips in
 * `<dataDir>/backups`, and the scheduled backup. One backup or restore runs at a time in this
 * process; `busy` says so.
 *
 * A zip holds `storage/**` (the local storage folder) and either `data.db` (SQLite) or `dump/**`
 * (PostgreSQL: JSON lines per table and `dump/manifest.json`). Why it works this way:
 * docs/decisions/006-backups.md.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { App } from '../app.js';
import { PostgresDb } from '../db/postgres.js';
import { SqliteDb } from '../db/sqlite.js';
import { ApiError } from '../errors.js';
import { localStorageDir } from '../files/app-storage.js';
import { BackupDir, type BackupInfo } from './backup-dir.js';
import { autoBackupName, isBackupName, MANUAL_PREFIX, SCHEDULED_PREFIX } from './names.js';
import { PG_MANIFEST, writePgBackup } from './pg-dump.js';
import { readPgManifest, restorePg } from './pg-restore.js';
import { applySqliteRestore, prepareSqliteRestore, snapshotSqlite, SQLITE_ENTRY } from './sqlite-backup.js';
import { swapStorage, type StorageSwap } from './storage-tree.js';
import { extractZip, zipEntryNames } from './zip-in.js';
import { ZipOut } from './zip-out.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const BUSY = 'Try again later - another backup/restore process has already been started.';
const INVALID_DATA = 'An error occurred while validating the submitted data.';
/** Clock and mtime slack when deciding which stored files were written during a restore. */
const ADOPT_MARGIN_MS = 5000;

/** A running restore: `done` settles when the live data has been replaced (or left untouched on failure). */
export type RestoreJob = { key: string; done: Promise<void> };

function fieldError(field: string, code: string, message: string): ApiError {
  return ApiError.badRequest(INVALID_DATA, { [field]: { code, message } });
}

export class BackupService {
  readonly dir: BackupDir;
  private active: { key: string; job: Promise<unknown> } | null = null;

  constructor(private readonly app: App) {
    this.dir = new BackupDir(join(app.dataDir, 'backups'));
    void this.dir.sweepScratch().catch(() => {});
  }

  /** True while a backup or restore runs (health reports `canBackup: false`). */
  get busy(): boolean {
    return this.active !== null;
  }

  /** Resolves once no backup or restore is running (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.active) await this.active.job.catch(() => {});
  }

  list(): Promise<BackupInfo[]> {
    return this.dir.list();
  }

  /** A stream of a stored backup; null when `key` names none. */
  async read(key: string): Promise<{ stream: Readable; size: number } | null> {
    const path = this.dir.path(key);
    const size = await this.dir.size(key);
    if (!path || size === null) return null;
    const stream = createReadStream(path);
    // note: opened before answering, so a backup deleted meanwhile is a clean 404, not a broken body.
    const opened = await new Promise<boolean>((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    });
    return opened ? { stream, size } : null;
  }

  /**
   * Makes a backup now and resolves when it is stored. `name` must match the protocol's pattern;
   * without one the name is `pb_backup_<UTC timestamp>.zip`.
   * @throws {ApiError} 400 while another backup/restore runs, or for a bad or taken name.
   */
  async create(name?: unknown, prefix: string = MANUAL_PREFIX): Promise<string> {
    if (this.active) throw ApiError.badRequest(BUSY);
    const explicit = name !== undefined && name !== null && name !== '';
    if (explicit && !isBackupName(name)) {
      throw fieldError(
        'name',
        'validation_match_invalid',
        'Must be a lowercase name of letters, digits, _ and - ending in .zip.',
      );
    }
    return this.exclusively(explicit ? String(name) : '', async (slot) => {
      const key = explicit ? String(name) : await this.freeName(prefix);
      slot.key = key;
      if ((await this.dir.size(key)) !== null) {
        throw fieldError('name', 'validation_backup_name_exists', 'The backup file name is already in use.');
      }
      await this.write(key);
      return key;
    });
  }

  /** The scheduled backup: an auto-named backup, then the oldest scheduled ones beyond `cronMaxKeep` go. */
  async createScheduled(): Promise<void> {
    await this.create(undefined, SCHEDULED_PREFIX);
    const keep = this.app.settings.get().backups.cronMaxKeep;
    // note: a keep count below 1 would delete the backup just made; it means "keep them all".
    if (!(keep >= 1)) return;
    const scheduled = (await this.dir.list()).filter((b) => b.key.startsWith(SCHEDULED_PREFIX));
    for (const old of scheduled.slice(keep)) await this.dir.remove(old.key);
  }

  /**
   * Stores an uploaded zip under its own name.
   * @throws {ApiError} 400 for a bad or taken name, or a body that is not a zip archive.
   */
  async upload(filename: string, data: Readable): Promise<string> {
    const refuse = (err: ApiError): never => {
      data.resume();
      throw err;
    };
    if (!isBackupName(filename)) {
      refuse(
        fieldError(
          'file',
          'validation_invalid_name',
          'The file name must be lowercase letters, digits, _ and - ending in .zip.',
        ),
      );
    }
    if ((await this.dir.size(filename)) !== null) {
      refuse(
        fieldError(
          'file',
          'validation_backup_name_exists',
          'Backup file with the specified name already exists.',
        ),
      );
    }
    const work = await this.dir.scratch();
    try {
      const tmp = join(work, filename);
      await pipeline(data, createWriteStream(tmp, { flags: 'wx' }));
      const notZip = fieldError('file', 'validation_invalid_mime_type', 'The file must be a zip archive.');
      if (!(await startsWith(tmp, ZIP_MAGIC))) throw notZip;
      await zipEntryNames(tmp).catch(() => {
        throw notZip;
      });
      if (!(await this.dir.publish(tmp, filename))) {
        throw fieldError(
          'file',
          'validation_backup_name_exists',
          'Backup file with the specified name already exists.',
        );
      }
      return filename;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** @throws {ApiError} 400 when the backup is missing or in use. */
  async delete(key: string): Promise<void> {
    if (this.active?.key === key)
      throw ApiError.badRequest('The backup is currently being used and cannot be deleted.');
    if (!(await this.dir.remove(key))) throw ApiError.badRequest('Invalid or already deleted backup file.');
  }

  /**
   * Checks the backup and starts replacing the live data with it. The returned job's `done` settles
   * when the restore ends; on failure the live data is left as it was.
   * @throws {ApiError} 400 while another backup/restore runs, or when the backup is missing or unusable.
   */
  async restore(key: string): Promise<RestoreJob> {
    if (this.active) throw ApiError.badRequest(BUSY);
    const file = this.dir.path(key);
    let proceed!: (go: boolean) => void;
    const gate = new Promise<boolean>((resolve) => (proceed = resolve));
    // note: claimed before the first await, so two restore requests cannot both pass the busy check.
    const done = this.exclusively(key, async () => {
      if (await gate) await this.replaceLiveData(file!);
    });
    try {
      if (!file || (await this.dir.size(key)) === null)
        throw ApiError.badRequest('Missing or invalid backup file.');
      const names = await zipEntryNames(file).catch(() => [] as string[]);
      const needed = this.app.db instanceof SqliteDb ? SQLITE_ENTRY : PG_MANIFEST;
      if (!names.includes(needed)) {
        const other =
          this.app.db instanceof SqliteDb ? names.includes(PG_MANIFEST) : names.includes(SQLITE_ENTRY);
        throw ApiError.badRequest(
          other ? 'The backup was made with another database engine.' : 'Missing or invalid backup file.',
        );
      }
    } catch (err) {
      proceed(false);
      await done;
      throw err;
    }
    proceed(true);
    return { key, done };
  }

  /** Runs `work` as the one backup/restore of this process; `active` is set before any await. */
  private exclusively<T>(key: string, work: (slot: { key: string }) => Promise<T>): Promise<T> {
    const slot: { key: string; job: Promise<unknown> } = { key, job: Promise.resolve() };
    this.active = slot;
    const job = (async () => {
      try {
        return await work(slot);
      } finally {
        if (this.active === slot) this.active = null;
      }
    })();
    slot.job = job;
    return job;
  }

  /** `pb_backup_<timestamp>.zip`, with a counter when a backup of the same second exists. */
  private async freeName(prefix: string): Promise<string> {
    const base = autoBackupName(prefix);
    for (let n = 1; ; n++) {
      const key = n === 1 ? base : base.replace(/\.zip$/, `_${n}.zip`);
      if ((await this.dir.size(key)) === null) return key;
    }
  }

  private async write(key: string): Promise<void> {
    const work = await this.dir.scratch();
    const partial = join(work, key);
    const zip = new ZipOut(partial);
    const storage = localStorageDir(this.app.dataDir);
    try {
      const db = this.app.db;
      if (db instanceof SqliteDb) {
        const snap = await snapshotSqlite(db, storage, work);
        zip.addFile(snap.dbFile, SQLITE_ENTRY);
        await zip.addTree(snap.storage, 'storage');
        await zip.finish();
      } else if (db instanceof PostgresDb) {
        await writePgBackup(db, storage, work, zip);
      } else {
        throw new Error('backups are not supported for this database');
      }
      if (!(await this.dir.publish(partial, key))) {
        throw fieldError('name', 'validation_backup_name_exists', 'The backup file name is already in use.');
      }
    } catch (err) {
      await zip.abort();
      throw err;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async replaceLiveData(file: string): Promise<void> {
    // note: files written since shortly before this instant may belong to records still to commit.
    const since = Date.now() - ADOPT_MARGIN_MS;
    const work = await this.dir.scratch();
    try {
      await extractZip(
        file,
        work,
        (name) => name === SQLITE_ENTRY || name.startsWith('storage/') || name.startsWith('dump/'),
      );
      const staged = join(work, 'storage');
      await mkdir(staged, { recursive: true });
      const live = localStorageDir(this.app.dataDir);
      const db = this.app.db;
      if (db instanceof SqliteDb) {
        const dbFile = join(work, SQLITE_ENTRY);
        await prepareSqliteRestore(this.app, db, dbFile);
        await applySqliteRestore(this.app, db, dbFile, staged, live, since);
      } else if (db instanceof PostgresDb) {
        const manifest = await readPgManifest(work);
        const swapped: { swap?: StorageSwap } = {};
        try {
          // note: files and token secrets switch just before the commit, so the window where they
          // disagree with the data is the commit itself.
          await restorePg(this.app, db, work, manifest, async (tx) => {
            swapped.swap = await swapStorage(live, staged);
            await swapped.swap.adoptRecent(since);
            await this.app.reloadSecrets(tx);
          });
        } catch (err) {
          await swapped.swap?.rollback();
          await this.app.reloadSecrets().catch(() => {});
          throw err;
        }
        await this.app.settings.load();
        await swapped.swap?.commit();
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
}

async function startsWith(file: string, magic: Buffer): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(magic.length);
    const { bytesRead } = await fh.read(head, 0, magic.length, 0);
    return bytesRead === magic.length && head.equals(magic);
  } finally {
    await fh.close();
  }
}
