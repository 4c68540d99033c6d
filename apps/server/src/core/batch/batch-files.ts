/**
 * File parts of a multipart batch (PocketBase's batch API): `requests.<i>.<key>` or `requests[<i>].<key>`,
 * where `<key>` is the item's form key with any modifier (`docs`, `docs+`, `+docs`). Each part
 * goes to its item under `<key>`, as if that item had been sent to the records API on its own.
 */
import type { Upload } from '../files/upload.js';

const FILE_KEY = /^requests(?:\.(\d+)\.|\[(\d+)\]\.)(.+)$/;

/** The item index and form key a batch file part names, or null when it names none. */
export function batchFileTarget(key: string): { index: number; key: string } | null {
  const m = FILE_KEY.exec(key);
  if (!m) return null;
  const index = Number(m[1] ?? m[2]);
  return Number.isSafeInteger(index) ? { index, key: m[3]! } : null;
}

/** The uploads per item (by index), re-keyed to the item's own form key; strays are dropped. */
export function filesByItem(files: readonly Upload[], count: number): Upload[][] {
  const out: Upload[][] = Array.from({ length: count }, () => []);
  for (const file of files) {
    const target = batchFileTarget(file.key);
    if (target && target.index < count) out[target.index]!.push({ ...file, key: target.key });
  }
  return out;
}
