/**
 * Reads backup zips (yauzl): the entry list from the central directory, and a streaming
 * extraction that refuses any name that could land outside the target folder.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((ok, fail) =>
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, strictFileNames: true, validateEntrySizes: true },
      (err, zip) => (err || !zip ? fail(err ?? new Error('cannot open zip')) : ok(zip)),
    ),
  );
}

/** Visits every entry in order; `visit` may read the entry before the next one is read. */
async function eachEntry(
  file: string,
  visit: (zip: yauzl.ZipFile, entry: yauzl.Entry) => Promise<void>,
): Promise<void> {
  const zip = await openZip(file);
  await new Promise<void>((ok, fail) => {
    let failed = false;
    const stop = (err: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      fail(err);
    };
    zip.on('error', stop);
    zip.on('end', () => ok());
    zip.on('entry', (entry: yauzl.Entry) => {
      visit(zip, entry).then(
        () => !failed && zip.readEntry(),
        (err: unknown) => stop(err),
      );
    });
    zip.readEntry();
  });
}

/** Names of the file entries (directories left out); throws for a damaged or unsafe archive. */
export async function zipEntryNames(file: string): Promise<string[]> {
  const names: string[] = [];
  await eachEntry(file, async (_zip, entry) => {
    if (!entry.fileName.endsWith('/')) names.push(entry.fileName);
  });
  return names;
}

/** Extracts the file entries `accept` selects into `dest`, one stream at a time. */
export async function extractZip(
  file: string,
  dest: string,
  accept: (name: string) => boolean,
): Promise<void> {
  const root = resolve(dest);
  await eachEntry(file, async (zip, entry) => {
    const name = entry.fileName;
    if (name.endsWith('/') || !accept(name)) return;
    const target = resolve(root, ...name.split('/'));
    if (!target.startsWith(root + sep)) throw new Error('unsafe entry name in zip');
    await mkdir(dirname(target), { recursive: true });
    const stream = await new Promise<NodeJS.ReadableStream>((ok, fail) =>
      zip.openReadStream(entry, (err, s) =>
        err || !s ? fail(err ?? new Error('cannot read entry')) : ok(s),
      ),
    );
    // note: 'wx' refuses a second entry with the same name instead of silently overwriting the first.
    await pipeline(stream, createWriteStream(target, { flags: 'wx' }));
  });
}
