/**
 * Uploaded file parts as the HTTP layer hands them to the core: already streamed to temporary
 * files (never held in memory), keyed by the form key they came under (`docs`, `docs+`, `+docs`).
 */
import { join } from 'node:path';
import type { CollectionDef } from '../schema/collection.js';
import { getField } from '../schema/collection.js';
import type { FileField } from '../schema/fields.js';

export type Upload = {
  /** The multipart key, modifiers included. */
  key: string;
  /** The name the client gave the file. */
  filename: string;
  /** The temporary file holding the bytes (at most the key's limit of them). */
  path: string;
  /** Bytes received, counted even past the limit. */
  size: number;
  /** True when the part was larger than its limit and was cut; it is refused by validation. */
  oversize: boolean;
};

const MiB = 1024 * 1024;
/** PocketBase's body limit without file fields; file fields add their own allowance. */
export const BASE_BODY_LIMIT = 32 * MiB;
export const DEFAULT_FILE_MAX_SIZE = 5 * MiB;

/** The file field a multipart key targets (`docs`, `docs+`, `+docs`), if any. */
export function fileFieldForKey(collection: CollectionDef, key: string): FileField | undefined {
  const name = key.startsWith('+') ? key.slice(1) : key.endsWith('+') ? key.slice(0, -1) : key;
  const field = getField(collection, name);
  return field?.type === 'file' ? field : undefined;
}

export function fileMaxSize(field: FileField): number {
  return field.maxSize > 0 ? field.maxSize : DEFAULT_FILE_MAX_SIZE;
}

export type UploadLimits = {
  /** The whole body: 32 MiB plus, per file field, maxSize × maxSelect (as PocketBase computes it). */
  maxBody: number;
  /** Bytes kept per file part: the target field's maxSize, or 0 (dropped unread) for other keys. */
  fileLimit: (key: string) => number;
  /** Spool folder for the parts (under the data dir, next to the local storage). */
  tmpDir: string;
};

/** Where record uploads wait until they are stored or refused; always emptied after the request. */
export function uploadTmpDir(dataDir: string): string {
  return join(dataDir, '.tmp');
}

export function uploadLimits(collection: CollectionDef, dataDir: string): UploadLimits {
  let maxBody = BASE_BODY_LIMIT;
  for (const field of collection.fields) {
    if (field.type === 'file') maxBody += fileMaxSize(field) * Math.max(1, field.maxSelect);
  }
  return {
    maxBody,
    tmpDir: uploadTmpDir(dataDir),
    fileLimit: (key) => {
      const field = fileFieldForKey(collection, key);
      return field ? fileMaxSize(field) : 0;
    },
  };
}
