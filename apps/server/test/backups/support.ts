/** Helpers for the backups suites: a collection with files, zip inspection, and waiting for a restore. */
import { stat } from 'node:fs';
import yauzl from 'yauzl';
import type PocketBase from 'pocketbase';
import type { TestServer } from '../support/harness.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

/*
 * This machine's glibc (2.36) can lose a pthread_cond_signal (glibc bug 25847): a libuv threadpool
 * job, such as the last read of a served file, then sits queued while every worker sleeps, until
 * the next job wakes one. Seen under load in these suites (a stuck response kept server.close()
 * waiting); the same can happen anywhere, so the lead has the details. A periodic no-op stat wakes
 * a worker, which drains the queue; it cannot hide a hang of our own code.
 */
setInterval(() => stat('.', () => {}), 250).unref();

const open = { listRule: '', viewRule: '', createRule: '', updateRule: '', deleteRule: '' } as const;

/** Records with an optional attachment; `seq` orders the writes of the concurrency tests. */
export const notes = defineCollection({
  name: 'notes',
  fields: [f.text('title', { required: true }), f.number('seq'), f.file('doc', { maxSize: 1024 * 1024 })],
  ...open,
});

export const backupCollections = [notes];

/** File entries of a zip and their contents. */
export function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Downloads a backup the way the admin UI does: a superuser file token in the URL. */
export async function download(pb: PocketBase, key: string): Promise<Response> {
  const token = await pb.files.getToken();
  return fetch(pb.backups.getDownloadURL(token, key));
}

/** Polls `check` until it holds. */
export async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Waits until the server reports no running backup/restore to this superuser (`canBackup: true`). */
export async function waitUntilIdle(su: PocketBase): Promise<void> {
  await until(async () => {
    const data = (await su.health.check()).data as { canBackup?: boolean };
    if (data.canBackup === undefined) throw new Error('the superuser token stopped working');
    return data.canBackup;
  });
}

/**
 * Closes a test server. A response held up by the lost wakeup above can end just after close()
 * started; Fastify closes idle keep-alive connections only once, at the start, so keep doing it
 * until the server is down instead of waiting out the 72 s keep-alive timeout.
 */
export async function closeServer(t: TestServer): Promise<void> {
  const timer = setInterval(() => t.server.server.closeIdleConnections(), 100);
  try {
    await t.close();
  } finally {
    clearInterval(timer);
  }
}

/** A zip file as the SDK uploads it. */
export function zipFile(data: Buffer | Uint8Array, name: string): File {
  return new File([new Uint8Array(data)], name, { type: 'application/zip' });
}
