/**
 * Streams multipart file parts to temporary files so a request with many large files never sits
 * in memory, enforcing the body budget (413) as bytes arrive. Each request's files live in one
 * private folder that `release` removes, whatever happened to the request.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ApiError } from '../errors.js';

/** Bytes left for the whole body; every part (fields and files) spends from it. */
export class BodyBudget {
  private used = 0;
  constructor(readonly max: number) {}

  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > this.max) throw ApiError.tooLarge();
  }
}

export class TempUploads {
  private dir: Promise<string> | null = null;
  /** `parent` defaults to the OS temp folder; the records API uses `<dataDir>/.tmp` (same disk as storage). */
  constructor(private readonly parent: string = tmpdir()) {}

  private count = 0;
  private released = false;
  private readonly writing = new Set<Promise<unknown>>();

  private async nextPath(): Promise<string> {
    if (this.released) throw ApiError.badRequest();
    this.dir ??= mkdir(this.parent, { recursive: true }).then(() => mkdtemp(join(this.parent, 'upload-')));
    return join(await this.dir, String(++this.count));
  }

  /**
   * Writes `source` to a new temporary file, keeping at most `limit` bytes (the rest is read and
   * dropped so the request can still be answered with a field error).
   */
  async write(
    source: Readable,
    limit: number,
    budget: BodyBudget,
  ): Promise<{ path: string; size: number; oversize: boolean }> {
    const path = await this.nextPath();
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        try {
          budget.spend(chunk.length);
        } catch (err) {
          return done(err as Error);
        }
        const before = size;
        size += chunk.length;
        if (size <= limit) return done(null, chunk);
        return done(null, before < limit ? chunk.subarray(0, limit - before) : undefined);
      },
    });
    const work = pipeline(source, meter, createWriteStream(path));
    this.writing.add(work);
    try {
      await work;
    } finally {
      this.writing.delete(work);
    }
    return { path, size, oversize: size > limit };
  }

  /** Reads a part to the end without keeping it (keys no file field accepts). */
  async discard(source: Readable, budget: BodyBudget): Promise<void> {
    for await (const chunk of source) budget.spend((chunk as Buffer).length);
  }

  /** Deletes the folder once in-flight writes have settled; later writes are refused. */
  async release(): Promise<void> {
    this.released = true;
    await Promise.allSettled([...this.writing]);
    const dir = await this.dir?.catch(() => null);
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
