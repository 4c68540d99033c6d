/**
 * One interface over where record files live (a folder under the data dir, or an S3-compatible
 * bucket). Keys are `/`-separated paths such as `<collectionId>/<recordId>/<filename>`.
 */
import type { Readable } from 'node:stream';

export type FileStat = {
  size: number;
  modified: Date;
  /** A strong validator for conditional and range requests. */
  etag: string;
  /** The sniffed type the file was stored with. */
  contentType: string;
};

/** Inclusive byte range. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  /** Copies a local file (an upload's temporary file) to `key`, replacing what was there. */
  putFile(key: string, localPath: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Null when nothing is stored at `key`. */
  stat(key: string): Promise<FileStat | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  readBuffer(key: string): Promise<Buffer>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every key under `prefix` (which ends with `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under `prefix`, for cleanup checks and backups. */
  list(prefix: string): Promise<string[]>;
  close(): void;
}

/** Thrown for keys that could escape the storage root; never built from request input unchecked. */
export class UnsafeKeyError extends Error {}

const SEGMENT = /^(?!\.{1,2}$)[^/\\\0]+$/;

export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || !key.split('/').every((s) => SEGMENT.test(s)))
    throw new UnsafeKeyError(`unsafe storage key`);
}

export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new UnsafeKeyError('a prefix must end with /');
  assertSafeKey(prefix.slice(0, -1));
}

export function recordDir(collectionId: string, recordId: string): string {
  return `${collectionId}/${recordId}/`;
}

export function fileKey(collectionId: string, recordId: string, filename: string): string {
  return `${recordDir(collectionId, recordId)}${filename}`;
}

/** Where the thumbs of one file are cached: `<dir>/thumbs_<filename>/<size>_<filename>`. */
export function thumbsPrefix(collectionId: string, recordId: string, filename: string): string {
  return `${recordDir(collectionId, recordId)}thumbs_${filename}/`;
}

export function thumbKey(collectionId: string, recordId: string, filename: string, size: string): string {
  return `${thumbsPrefix(collectionId, recordId, filename)}${size}_${filename}`;
}
