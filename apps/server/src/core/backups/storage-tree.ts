/**
 * The local storage folder as a backup sees it: a hard-link snapshot (instant, and immune to files
 * deleted afterwards, since stored files are never rewritten in place) and an atomic-ish swap.
 */
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { randomString } from '../../tools/random.js';

/** Files being written by local storage carry this suffix until renamed into place. */
const PART_SUFFIX = '.part';
const PARALLEL = 16;

/** Regular files under `dir` as `/`-separated relative paths (symlinks are never followed). */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith(PART_SUFFIX))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** Mirrors the files of `src` into `dest` with hard links, copying where a link is refused. */
export async function linkTree(src: string, dest: string): Promise<number> {
  const files = await listTree(src);
  await mkdir(dest, { recursive: true });
  for (let i = 0; i < files.length; i += PARALLEL) {
    await Promise.all(
      files.slice(i, i + PARALLEL).map(async (rel) => {
        const from = join(src, ...rel.split('/'));
        const to = join(dest, ...rel.split('/'));
        await mkdir(dirname(to), { recursive: true });
        try {
          await link(from, to);
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          // note: a file deleted since the listing was not part of the snapshot's data anyway.
          if (code === 'ENOENT') return;
          if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'EMLINK') throw err;
          await copyFile(from, to);
        }
      }),
    );
  }
  return files.length;
}

export type StorageSwap = {
  /**
   * Moves into the new folder the files the old one received since `since` (epoch ms) that the new
   * one lacks: uploads that were in flight during the restore, whose records commit after it.
   */
  adoptRecent(since: number): Promise<number>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
};

/** Files under `dir` modified since `since`; only folders changed since then are looked into. */
async function recentFiles(dir: string, since: number): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const byDir = new Map<string, string[]>();
  for (const e of entries) {
    if (!e.isFile() || e.name.endsWith(PART_SUFFIX)) continue;
    const list = byDir.get(e.parentPath) ?? [];
    list.push(e.name);
    byDir.set(e.parentPath, list);
  }
  const out: string[] = [];
  for (const [parent, names] of byDir) {
    // note: adding or renaming a file into a folder updates the folder's mtime; older folders hold no new files.
    const dirStat = await stat(parent).catch(() => null);
    if (!dirStat || dirStat.mtimeMs < since) continue;
    for (const name of names) {
      const st = await stat(join(parent, name)).catch(() => null);
      if (st && st.mtimeMs >= since) out.push(relative(dir, join(parent, name)).split(sep).join('/'));
    }
  }
  return out;
}

/**
 * Puts `staged` in place of `live` with two renames (the old folder is set aside, not deleted, until
 * `commit`), so a failure later in the restore can put the old files back with `rollback`.
 */
export async function swapStorage(live: string, staged: string): Promise<StorageSwap> {
  const aside = join(
    dirname(live),
    `.storage_old_${randomString(8, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
  );
  let hadLive = true;
  try {
    await rename(live, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    hadLive = false;
  }
  try {
    await rename(staged, live);
  } catch (err) {
    if (hadLive) await rename(aside, live);
    throw err;
  }
  return {
    async adoptRecent(since) {
      if (!hadLive) return 0;
      let moved = 0;
      for (const rel of await recentFiles(aside, since)) {
        const to = join(live, ...rel.split('/'));
        if (await stat(to).catch(() => null)) continue;
        await mkdir(dirname(to), { recursive: true });
        await rename(join(aside, ...rel.split('/')), to);
        moved++;
      }
      return moved;
    },
    async commit() {
      if (hadLive) await rm(aside, { recursive: true, force: true });
    },
    async rollback() {
      await rm(live, { recursive: true, force: true });
      if (hadLive) await rename(aside, live);
    },
  };
}
