/**
 * The backups folder (`<dataDir>/backups`). Only names matching BACKUP_NAME are listed or served;
 * work in progress lives in dot-prefixed scratch folders and files, which never match.
 */
import { constants } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { formatDate } from '../../tools/dates.js';
import { isBackupName } from './names.js';

export type BackupInfo = { key: string; size: number; modified: string };

const SCRATCH_PREFIX = '.work_';

export class BackupDir {
  constructor(readonly root: string) {}

  /** The file of a valid key; null for anything else, so no key can name a path outside the folder. */
  path(key: string): string | null {
    return isBackupName(key) ? join(this.root, key) : null;
  }

  async size(key: string): Promise<number | null> {
    const p = this.path(key);
    const st = p ? await stat(p).catch(() => null) : null;
    return st?.isFile() ? st.size : null;
  }

  /** Newest first. */
  async list(): Promise<BackupInfo[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    const out: (BackupInfo & { mtime: number })[] = [];
    for (const e of entries) {
      if (!e.isFile() || !isBackupName(e.name)) continue;
      const st = await stat(join(this.root, e.name)).catch(() => null);
      if (st) out.push({ key: e.name, size: st.size, modified: formatDate(st.mtime), mtime: st.mtimeMs });
    }
    out.sort((a, b) => b.mtime - a.mtime || a.key.localeCompare(b.key));
    return out.map(({ key, size, modified }) => ({ key, size, modified }));
  }

  /** False when there was nothing to delete. */
  async remove(key: string): Promise<boolean> {
    const p = this.path(key);
    if (!p) return false;
    try {
      await unlink(p);
      return true;
    } catch {
      return false;
    }
  }

  /** A private scratch folder inside the backups folder (same filesystem as the data dir). */
  async scratch(): Promise<string> {
    await mkdir(this.root, { recursive: true });
    return mkdtemp(join(this.root, SCRATCH_PREFIX));
  }

  /** Removes scratch folders a crashed run left behind. */
  async sweepScratch(): Promise<void> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.name.startsWith(SCRATCH_PREFIX))
        await rm(join(this.root, e.name), { recursive: true, force: true });
    }
  }

  /**
   * Publishes a finished file under `key` without ever replacing an existing backup: a hard link
   * fails if the name exists (a copy with COPYFILE_EXCL where links are unsupported). False if taken.
   */
  async publish(file: string, key: string): Promise<boolean> {
    const target = this.path(key);
    if (!target) throw new Error('invalid backup key');
    try {
      await link(file, target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw err;
      try {
        await copyFile(file, target, constants.COPYFILE_EXCL);
      } catch (copyErr) {
        if ((copyErr as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw copyErr;
      }
    }
    await rm(file, { force: true });
    return true;
  }
}
