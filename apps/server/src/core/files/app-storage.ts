/**
 * The app's file storage: the local folder, or S3 while `settings.s3.enabled` is on. The choice
 * is re-read on every call, so a settings change applies to the next request without a restart.
 * It also deletes a record's files once its deletion has committed (cascades included).
 */
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { RecordEvents } from '../records/record-events.js';
import type { Settings } from '../settings/settings.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { recordDir, type ByteRange, type FileStat, type FileStorage } from './storage.js';

/** The local storage folder inside a data dir (backups copy it). */
export function localStorageDir(dataDir: string): string {
  return join(dataDir, 'storage');
}

type Deps = {
  dataDir: string;
  settings: () => Settings;
  events: RecordEvents;
  log?: (err: unknown, what: string) => void;
};

export class AppStorage implements FileStorage {
  readonly local: LocalStorage;
  private s3: { signature: string; storage: S3Storage } | null = null;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: Deps) {
    this.local = new LocalStorage(localStorageDir(deps.dataDir));
    deps.events.onAny((event) => {
      if (event.action !== 'delete' || !event.collection.fields.some((f) => f.type === 'file')) return;
      this.background(
        this.deletePrefix(recordDir(event.collection.id, String(event.record.id))),
        'delete record files',
      );
    });
  }

  /** The backend in force now. */
  get current(): FileStorage {
    const cfg = this.deps.settings().s3;
    if (!cfg.enabled) return this.local;
    const signature = JSON.stringify(cfg);
    if (this.s3?.signature !== signature) {
      this.s3?.storage.close();
      this.s3 = { signature, storage: new S3Storage(cfg) };
    }
    return this.s3.storage;
  }

  /** Runs cleanup without making the caller wait; failures are logged, never thrown. */
  background(work: Promise<unknown>, what: string): void {
    const log =
      this.deps.log ??
      ((err: unknown) => process.emitWarning(`${what} failed: ${(err as Error)?.message ?? err}`));
    const p = work.catch((err) => log(err, what)).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when background cleanups started so far have finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  putFile(key: string, localPath: string, contentType: string): Promise<void> {
    return this.current.putFile(key, localPath, contentType);
  }
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    return this.current.putBuffer(key, data, contentType);
  }
  stat(key: string): Promise<FileStat | null> {
    return this.current.stat(key);
  }
  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.current.read(key, range);
  }
  readBuffer(key: string): Promise<Buffer> {
    return this.current.readBuffer(key);
  }
  delete(key: string): Promise<void> {
    return this.current.delete(key);
  }
  deletePrefix(prefix: string): Promise<void> {
    return this.current.deletePrefix(prefix);
  }
  list(prefix: string): Promise<string[]> {
    return this.current.list(prefix);
  }

  close(): void {
    this.s3?.storage.close();
    this.s3 = null;
  }
}
