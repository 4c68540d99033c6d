/**
 * The check: a backup made while records (with files) are being written, restored into a
 * fresh server, serves every record and file that existed at backup time and nothing half-written;
 * and an in-place restore on a running server swaps the data without readers seeing a mix.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { backupCollections, closeServer, download, notes, until, waitUntilIdle, zipFile } from './support.js';

type Written = {
  id: string;
  title: string;
  seq: number;
  doc: string;
  bytes: Buffer;
  startedAt: number;
  doneAt: number;
};

/** Creates notes, each with its own random attachment, from `workers` parallel loops until stopped. */
function startWriters(pb: PocketBase, workers: number, prefix: string) {
  const written: Written[] = [];
  const errors: unknown[] = [];
  let stop = false;
  let seq = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (!stop) {
      const n = ++seq;
      const bytes = randomBytes(512 + (n % 7) * 300);
      const startedAt = performance.now();
      try {
        const rec = await pb.collection('notes').create({
          title: `${prefix}-${n}`,
          seq: n,
          doc: new File([new Uint8Array(bytes)], `note${n}.bin`),
        });
        written.push({
          id: rec.id,
          title: rec.title,
          seq: n,
          doc: rec.doc,
          bytes,
          startedAt,
          doneAt: performance.now(),
        });
      } catch (err) {
        errors.push(err);
      }
    }
  });
  return {
    written,
    errors,
    async stop() {
      stop = true;
      await Promise.all(loops);
    },
  };
}

async function fileBytes(pb: PocketBase, rec: RecordModel): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(pb.files.getURL(rec, rec.doc as string));
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

async function allNotes(pb: PocketBase, filter = ''): Promise<RecordModel[]> {
  return pb.collection('notes').getFullList({ filter, sort: 'seq', batch: 1000 });
}

describe.each(engines)('backup consistency (%s)', (engine) => {
  const servers: TestServer[] = [];
  const start = async () => {
    const t = await startServer({ engine, collections: backupCollections });
    servers.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(closeServer));
  });
  afterAll(async () => {
    await Promise.all(servers.splice(0).map(closeServer));
  });

  it('a backup taken during writes, restored into a fresh server, serves every record and file it holds', async () => {
    const source = await start();
    const su = await source.superuser();
    const writers = startWriters(source.client(), 4, 'w');
    while (writers.written.length < 60) await new Promise((r) => setTimeout(r, 10));

    const backupStartedAt = performance.now();
    const confirmedBefore = writers.written.filter((w) => w.doneAt < backupStartedAt);
    await su.backups.create('during_writes.zip');
    const backupDoneAt = performance.now();
    // Keep writing after the backup so records it must not contain exist on the source.
    const after = writers.written.length;
    while (writers.written.length < after + 20) await new Promise((r) => setTimeout(r, 10));
    await writers.stop();
    expect(writers.errors).toEqual([]);

    const zip = Buffer.from(await (await download(su, 'during_writes.zip')).arrayBuffer());

    // A fresh server: its own data dir (and, on PostgreSQL, its own schema).
    const target = await start();
    const targetSu = await target.superuser();
    await targetSu.backups.upload({ file: zipFile(zip, 'during_writes.zip') });
    await targetSu.backups.restore('during_writes.zip');

    // The restored database holds the source's superuser (and the source's token secrets): sign in
    // as them once the data is in, then wait for the restore to finish.
    const restoredSu = target.client();
    await until(async () => {
      try {
        await restoredSu
          .collection('_superusers')
          .authWithPassword(su.authStore.record!.email as string, 'superuser-password-1');
        return true;
      } catch {
        return false;
      }
    });
    await waitUntilIdle(restoredSu);

    const guest = target.client();
    const restored = await allNotes(guest);
    const byId = new Map(writers.written.map((w) => [w.id, w]));
    const restoredIds = new Set(restored.map((r) => r.id));

    // Every record confirmed before the backup started is there, with its exact file.
    expect(confirmedBefore.length).toBeGreaterThanOrEqual(60);
    for (const w of confirmedBefore) expect(restoredIds.has(w.id), w.title).toBe(true);
    // Nothing that started after the backup finished, and nothing the writers never confirmed.
    for (const r of restored) {
      const w = byId.get(r.id);
      expect(w, `unexpected record ${r.title}`).toBeDefined();
      expect(w!.startedAt).toBeLessThan(backupDoneAt);
      expect({ title: r.title, seq: r.seq, doc: r.doc }).toEqual({
        title: w!.title,
        seq: w!.seq,
        doc: w!.doc,
      });
      const file = await fileBytes(guest, r);
      expect(file.status, r.title).toBe(200);
      expect(file.body.equals(w!.bytes), r.title).toBe(true);
    }
    expect(restored.length).toBeLessThan(writers.written.length);
    // The fresh server's own superuser was replaced by the backup's data.
    await expect(targetSu.collection('_superusers').authRefresh()).rejects.toMatchObject({ status: 401 });
  });

  it('restores in place while readers and writers keep going; readers see the old or the new data, never a mix', async () => {
    const t = await start();
    const su = await t.superuser();
    const pb = t.client();
    const old: RecordModel[] = [];
    for (let i = 0; i < 30; i++) {
      old.push(
        await pb
          .collection('notes')
          .create({ title: `old-${i}`, seq: i, doc: new File([`old file ${i}`], `old${i}.txt`) }),
      );
    }
    await su.backups.create('state_one.zip');

    // Change everything the restore must undo: new records, deleted ones (and their files), an edit.
    const added: RecordModel[] = [];
    for (let i = 0; i < 20; i++) {
      added.push(
        await pb
          .collection('notes')
          .create({ title: `new-${i}`, seq: 100 + i, doc: new File([`new ${i}`], `new${i}.txt`) }),
      );
    }
    for (const r of old.slice(0, 5)) await pb.collection('notes').delete(r.id);
    await pb.collection('notes').update(old[10]!.id, { title: 'edited' });
    await t.app.storage.idle();
    expect((await fileBytes(pb, old[0]!)).status).toBe(404);

    const totals = new Set<number>();
    const readErrors: unknown[] = [];
    let reading = true;
    const readers = Array.from({ length: 3 }, async () => {
      while (reading) {
        try {
          const page = await pb.collection('notes').getList(1, 1, { filter: "title !~ 'during'" });
          totals.add(page.totalItems);
        } catch (err) {
          readErrors.push(err);
        }
      }
    });
    const writers = startWriters(t.client(), 1, 'during');

    await su.backups.restore('state_one.zip');
    await waitUntilIdle(su);
    // Let the readers observe the restored state for a moment.
    await new Promise((r) => setTimeout(r, 100));
    reading = false;
    await Promise.all(readers);
    await writers.stop();

    expect(readErrors).toEqual([]);
    expect(writers.errors).toEqual([]);
    for (const n of totals) expect([30, 45]).toContain(n);
    expect(totals.has(30)).toBe(true);

    const now = await allNotes(pb, "title !~ 'during'");
    expect(now.map((r) => [r.id, r.title])).toEqual(old.map((r) => [r.id, r.title]));
    for (const r of old) {
      const file = await fileBytes(pb, r);
      expect(file.status).toBe(200);
      expect(file.body.toString()).toBe(`old file ${r.seq}`);
    }
    for (const r of added) expect((await fileBytes(pb, r)).status).toBe(404);
    // Writes that landed after the restore are kept and complete.
    for (const r of await allNotes(pb, "title ~ 'during'")) expect((await fileBytes(pb, r)).status).toBe(200);
    // The restore cleaned up after itself: no scratch folders, no old storage set aside.
    expect(readdirSync(t.dataDir).filter((n) => n.startsWith('.storage_old_'))).toEqual([]);
    expect(readdirSync(join(t.dataDir, 'backups'))).toEqual(['state_one.zip']);
  });

  it('a backup that fails to restore leaves the live data untouched', async () => {
    const t = await start();
    const su = await t.superuser();
    const pb = t.client();
    const rec = await pb
      .collection('notes')
      .create({ title: 'keep me', seq: 1, doc: new File(['kept'], 'kept.txt') });
    const { default: yazl } = await import('yazl');
    const zip = new yazl.ZipFile();
    const entry = engine === 'sqlite' ? 'data.db' : 'dump/manifest.json';
    zip.addBuffer(Buffer.from('this is not what it claims to be'), entry);
    zip.addBuffer(Buffer.from('replacement'), `storage/${notes.id}/${rec.id}/${rec.doc}`);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream) chunks.push(c as Buffer);
    await su.backups.upload({ file: zipFile(Buffer.concat(chunks), 'corrupt.zip') });

    await su.backups.restore('corrupt.zip');
    await waitUntilIdle(su);
    expect((await su.health.check()).data.canBackup).toBe(true);
    const again = await pb.collection('notes').getOne(rec.id);
    expect(again.title).toBe('keep me');
    expect((await fileBytes(pb, rec)).body.toString()).toBe('kept');
    // The server still works normally afterwards.
    await pb.collection('notes').create({ title: 'after', seq: 2 });
    expect((await pb.collection('notes').getList(1, 1)).totalItems).toBe(2);
  });
  it('drops realtime connections after a restore; the SDK reconnects, resubscribes and gets events', async () => {
    const t = await start();
    const su = await t.superuser();
    await su.backups.create('rt.zip');
    const pb = t.client();
    const events: string[] = [];
    await pb.realtime.subscribe('notes/*', (e: { action: string; record: RecordModel }) =>
      events.push(`${e.action}:${e.record.title}`),
    );
    const firstClient = pb.realtime.clientId;
    expect(firstClient).toMatch(/^.{40}$/);

    await su.backups.restore('rt.zip');
    await waitUntilIdle(su);
    await until(async () => pb.realtime.clientId !== '' && pb.realtime.clientId !== firstClient);
    // The SDK sends its subscriptions again on reconnect; wait until they are in place.
    await until(async () => {
      await t.client().collection('notes').create({ title: 'probe', seq: 0 });
      return events.includes('create:probe');
    });
    await pb.realtime.unsubscribe();
  });
});
