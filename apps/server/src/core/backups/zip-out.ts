/**
 * Writes a zip to disk as a stream (yazl): entries are read one at a time while the archive is
 * written, so neither the archive nor any entry is ever held in memory.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { listTree } from './storage-tree.js';

/** Formats that deflate cannot shrink; storing them saves CPU. */
const STORED = /\.(jpe?g|png|gif|webp|avif|heic|mp4|mov|webm|mp3|m4a|ogg|zip|gz|bz2|xz|zst|7z|rar|pdf)$/i;

export class ZipOut {
  private readonly zip = new yazl.ZipFile();
  private readonly out: WriteStream;
  private readonly written: Promise<void>;
  private failed: Error | null = null;

  constructor(private readonly file: string) {
    const out = (this.out = createWriteStream(file, { flags: 'wx' }));
    this.written = new Promise<void>((resolve, reject) => {
      const fail = (err: Error) => {
        this.failed ??= err;
        out.destroy();
        reject(this.failed);
      };
      this.zip.on('error', fail);
      this.zip.outputStream.on('error', fail);
      out.on('error', fail);
      out.on('close', () => (this.failed ? reject(this.failed) : resolve()));
    });
    // note: keeps an early failure from surfacing as an unhandled rejection before `finish` awaits it.
    this.written.catch(() => {});
    this.zip.outputStream.pipe(out);
  }

  addFile(realPath: string, name: string): void {
    this.zip.addReadStreamLazy(name, { compress: !STORED.test(name), mtime: new Date() }, (cb) => {
      const stream = createReadStream(realPath);
      cb(null, stream);
    });
  }

  /** An entry produced on demand: `open` runs only when the archive reaches this entry. */
  addLazy(name: string, open: () => Readable): void {
    this.zip.addReadStreamLazy(name, { compress: true, mtime: new Date() }, (cb) => cb(null, open()));
  }

  /** Every file under `dir`, as `<prefix>/<relative path>`. */
  async addTree(dir: string, prefix: string): Promise<number> {
    const files = await listTree(dir);
    for (const rel of files) this.addFile(`${dir}/${rel}`, `${prefix}/${rel}`);
    return files.length;
  }

  /** Ends the archive, waits until it is on disk and flushed. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.written;
    const fh = await open(this.file, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  }

  /** Abandons the archive (the caller deletes the partial file). */
  async abort(): Promise<void> {
    this.failed ??= new Error('zip aborted');
    this.zip.outputStream.unpipe();
    this.out.destroy();
    await this.written.catch(() => {});
  }
}
