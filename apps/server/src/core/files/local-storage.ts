/**
 * Storage in a local folder (`<dataDir>/storage` by default). Writes go to a temporary name in the
 * same folder and are renamed into place, so a reader never sees half a file.
 */
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { randomString } from '../../tools/random.js';
import { sniffFile } from './sniff.js';
import {
  assertSafeKey,
  assertSafePrefix,
  UnsafeKeyError,
  type ByteRange,
  type FileStat,
  type FileStorage,
} from './storage.js';

const PART_SUFFIX = '.part';
const TYPE_CACHE_MAX = 2000;

export class LocalStorage implements FileStorage {
  readonly root: string;
  /** Sniffed types by path+size+mtime, so serving a file does not re-read its head each time. */
  private readonly types = new Map<string, string>();

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertSafeKey(key);
    const p = resolve(this.root, ...key.split('/'));
    if (!p.startsWith(this.root + sep)) throw new UnsafeKeyError('key outside the storage root');
    return p;
  }

  private async place(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.path(key);
    const tmp = `${target}.${randomString(8)}${PART_SUFFIX}`;
    // note: a concurrent delete may prune the (momentarily empty) folder; one retry recreates it.
    for (let attempt = 0; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await write(tmp);
        await rename(tmp, target);
        return;
      } catch (err) {
        await rm(tmp, { force: true });
        if (attempt > 0 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }

  putFile(key: string, localPath: string): Promise<void> {
    return this.place(key, (tmp) => copyFile(localPath, tmp));
  }

  putBuffer(key: string, data: Buffer): Promise<void> {
    return this.place(key, (tmp) => writeFile(tmp, data));
  }

  async stat(key: string): Promise<FileStat | null> {
    const p = this.path(key);
    const st = await stat(p).catch(() => null);
    if (!st || !st.isFile()) return null;
    const id = `${p}\0${st.size}\0${st.mtimeMs}`;
    let contentType = this.types.get(id);
    if (!contentType) {
      contentType = (await sniffFile(p)).mime;
      if (this.types.size >= TYPE_CACHE_MAX) this.types.clear();
      this.types.set(id, contentType);
    }
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    return { size: st.size, modified: st.mtime, etag, contentType };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const p = this.path(key);
    const stream = createReadStream(p, range ? { start: range.start, end: range.end } : {});
    // note: surfacing a missing file here (not on the first read) lets the caller answer 404 before headers go out.
    await new Promise<void>((ok, fail) => {
      stream.once('open', () => ok());
      stream.once('error', fail);
    });
    return stream;
  }

  readBuffer(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  async delete(key: string): Promise<void> {
    const p = this.path(key);
    await rm(p, { force: true });
    await this.pruneEmptyDirs(dirname(p));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    const dir = this.path(prefix.slice(0, -1));
    await rm(dir, { recursive: true, force: true });
    await this.pruneEmptyDirs(dirname(dir));
  }

  async list(prefix: string): Promise<string[]> {
    const start = prefix === '' ? this.root : this.path(prefix.replace(/\/$/, ''));
    const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith(PART_SUFFIX))
      .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((k) => k.startsWith(prefix))
      .sort();
  }

  /** Removes now-empty folders up to (not including) the root, as PocketBase does after deletes. */
  private async pruneEmptyDirs(dir: string): Promise<void> {
    let d = dir;
    while (d.startsWith(this.root + sep)) {
      try {
        await rmdir(d);
      } catch {
        return;
      }
      d = dirname(d);
    }
  }

  close(): void {}
}
