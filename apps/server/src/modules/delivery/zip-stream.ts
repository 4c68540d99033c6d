/**
 * Streams a zip of stored files (yazl): each file is opened only when the archive reaches it and
 * flows straight through, stored without compression (JPEGs do not shrink), so memory stays flat
 * whatever the archive's size. With every size known up front, the archive's length is too, and
 * the download can show real progress.
 */
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '../../core/files/storage.js';
import type { ZipEntry } from './zip-entries.js';

export type ZipStream = {
  stream: Readable;
  /** The archive's exact length in bytes, or null when it cannot be known in advance. */
  size: number | null;
  /** Stops reading files and ends the stream (the client went away). */
  abort(): void;
};

export function zipStream(storage: FileStorage, entries: readonly ZipEntry[]): ZipStream {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  let aborted = false;
  const abort = (err?: Error) => {
    if (aborted) return;
    aborted = true;
    for (const s of open) s.destroy();
    output.destroy(err);
  };
  // note: a file that vanishes or changes size mid-archive cannot be reported any more (the
  // headers are out): the stream ends with an error and the client sees a broken download.
  zip.on('error', (err: Error) => abort(err));
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.modified, size: entry.size }, (cb) => {
      if (aborted) return;
      storage.read(entry.key).then(
        (stream) => {
          if (aborted) return void stream.destroy();
          open.add(stream);
          stream.once('close', () => open.delete(stream));
          cb(null, stream);
        },
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  let size: number | null = null;
  // note: yazl calls this during end() when every entry's size is known (its typings omit the argument).
  const onTotal = (total: number) => {
    size = total >= 0 ? total : null;
  };
  zip.end(undefined, onTotal as unknown as () => void);
  return { stream: output, size, abort: () => abort() };
}
