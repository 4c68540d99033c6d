/** `/api/backups` through the SDK: create/list/download/upload/delete, and path tricks. */
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { randomString } from '../../src/tools/random.js';
import { backupCollections, closeServer, download, notes, unzip, waitUntilIdle, zipFile } from './support.js';
import { failure } from '../support/errors.js';

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A small zip made in memory (test input only). */
function makeZip(entries: Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(entries)) zip.addBuffer(Buffer.from(data), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe.each(engines)('backups API (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine, collections: backupCollections });
    su = await t.superuser();
  });
  afterAll(() => closeServer(t));

  it('40: health shows canBackup only to superusers; /api/backups is 401 / 403 / 200', async () => {
    const guest = t.client();
    const { pb: user } = await t.user();
    expect(await (await fetch(`${t.url}/api/health`)).json()).toEqual({
      message: 'API is healthy.',
      code: 200,
      data: {},
    });
    expect((await su.health.check()).data).toMatchObject({ canBackup: true });
    expect((await user.health.check()).data).toEqual({});

    expect((await failure(guest.backups.getFullList())).status).toBe(401);
    expect((await failure(user.backups.getFullList())).status).toBe(403);
    expect(await su.backups.getFullList()).toEqual([]);
    for (const call of [
      (pb: PocketBase) => pb.backups.create('x.zip'),
      (pb: PocketBase) => pb.backups.delete('x.zip'),
      (pb: PocketBase) => pb.backups.restore('x.zip'),
      (pb: PocketBase) => pb.backups.upload({ file: zipFile(Buffer.from('PK\x03\x04'), 'x.zip') }),
    ]) {
      expect((await failure(call(guest))).status).toBe(401);
      expect((await failure(call(user))).status).toBe(403);
    }
  });

  it('40: a download needs a superuser file token in ?token, never the Authorization header', async () => {
    await su.backups.create('dl_rules.zip');
    const { pb: user } = await t.user();
    const denied = { status: 403, message: 'Insufficient permissions to access the resource.', data: {} };

    const withHeader = await fetch(`${t.url}/api/backups/dl_rules.zip`, {
      headers: { Authorization: su.authStore.token },
    });
    expect(withHeader.status).toBe(403);
    expect(await withHeader.json()).toEqual(denied);
    const missing = await fetch(`${t.url}/api/backups/x.zip`, {
      headers: { Authorization: su.authStore.token },
    });
    expect(missing.status).toBe(403);

    // An auth token is not a file token, and a user's file token is not a superuser's.
    expect((await fetch(su.backups.getDownloadURL(su.authStore.token, 'dl_rules.zip'))).status).toBe(403);
    const userFileToken = await user.files.getToken();
    const asUser = await fetch(su.backups.getDownloadURL(userFileToken, 'dl_rules.zip'));
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toEqual(denied);
    expect((await fetch(su.backups.getDownloadURL('garbage', 'dl_rules.zip'))).status).toBe(403);

    const ok = await download(su, 'dl_rules.zip');
    expect(ok.status).toBe(200);
    await su.backups.delete('dl_rules.zip');
  });

  it('creates named and auto-named backups, lists them, and serves them as zip attachments', async () => {
    const rec = await t
      .client()
      .collection('notes')
      .create({
        title: 'in the backup',
        seq: 7,
        doc: new File(['attachment bytes'], 'hello.txt'),
      });
    await su.backups.create('named_backup-1.zip');
    await su.backups.create('');
    const list = await su.backups.getFullList();
    const keys = list.map((b) => b.key);
    expect(keys).toContain('named_backup-1.zip');
    const auto = keys.find((k) => k.startsWith('pb_backup_'));
    expect(auto).toMatch(/^pb_backup_\d{14}\.zip$/);
    for (const b of list) {
      expect(Object.keys(b).sort()).toEqual(['key', 'modified', 'size']);
      expect(b.size).toBeGreaterThan(100);
      expect(b.modified).toMatch(DATE);
    }

    const res = await download(su, 'named_backup-1.zip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="named_backup-1.zip"');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(list.find((b) => b.key === 'named_backup-1.zip')!.size);
    const entries = await unzip(body);
    expect(entries.get(`storage/${notes.id}/${rec.id}/${rec.doc}`)?.toString()).toBe('attachment bytes');

    if (engine === 'sqlite') {
      expect([...entries.keys()].filter((k) => !k.startsWith('storage/'))).toEqual(['data.db']);
      const file = join(tmpdir(), `restored-${randomString(8)}.db`);
      writeFileSync(file, entries.get('data.db')!);
      const db = new Database(file, { readonly: true });
      try {
        expect(db.prepare(`SELECT "title", "seq", "doc" FROM "notes" WHERE "id" = ?`).get(rec.id)).toEqual({
          title: 'in the backup',
          seq: 7,
          doc: rec.doc,
        });
        expect(db.prepare(`SELECT count(*) AS n FROM "_migrations"`).get()).toEqual({
          n: expect.any(Number),
        });
      } finally {
        db.close();
      }
    } else {
      const manifest = JSON.parse(entries.get('dump/manifest.json')!.toString()) as {
        format: string;
        migrations: string[];
        tables: { name: string; file: string; rows: number; columns: string[] }[];
      };
      expect(manifest.format).toBe('photoshoot-pg-dump');
      expect(manifest.migrations).toContain('0001_init');
      const table = manifest.tables.find((x) => x.name === 'notes')!;
      expect(table.columns).toEqual(expect.arrayContaining(['id', 'title', 'seq', 'doc']));
      const rows = entries
        .get(table.file)!
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(rows).toHaveLength(table.rows);
      expect(rows.find((r) => r.id === rec.id)).toMatchObject({
        title: 'in the backup',
        seq: 7,
        doc: rec.doc,
      });
    }
  });

  it('refuses bad and taken names, and a second backup while one runs', async () => {
    const bad = await failure(su.backups.create('Bad Name.zip'));
    expect(bad.status).toBe(400);
    expect(bad.response.data.name.code).toBe('validation_match_invalid');
    for (const name of ['../escape.zip', 'x.tar', 'UPPER.zip', '.zip']) {
      expect((await failure(su.backups.create(name))).response.data.name.code).toBe(
        'validation_match_invalid',
      );
    }
    await su.backups.create('taken.zip');
    const taken = await failure(su.backups.create('taken.zip'));
    expect(taken.status).toBe(400);
    expect(taken.response.data.name.code).toBe('validation_backup_name_exists');

    // A large storage folder keeps the next backup busy long enough to observe it.
    const big = join(t.dataDir, 'storage', notes.id, 'bulk');
    mkdirSync(big, { recursive: true });
    for (let i = 0; i < 6; i++) writeFileSync(join(big, `blob${i}.bin`), randomBytes(4 * 1024 * 1024));
    const first = su.backups.create('slow.zip');
    let sawBusy = false;
    for (let i = 0; i < 400 && !sawBusy; i++) {
      sawBusy = (await su.health.check()).data.canBackup === false;
    }
    expect(sawBusy).toBe(true);
    const second = await failure(su.backups.create('second.zip'));
    expect(second.status).toBe(400);
    expect(second.message).toBe('Try again later - another backup/restore process has already been started.');
    expect((await failure(su.backups.restore('taken.zip'))).status).toBe(400);
    await first;
    expect((await su.health.check()).data.canBackup).toBe(true);
    const keys = (await su.backups.getFullList()).map((b) => b.key);
    expect(keys).toContain('slow.zip');
    expect(keys).not.toContain('second.zip');
    await su.backups.delete('slow.zip');
  });

  it('uploads zips only (by their bytes), under a valid free name', async () => {
    const notZip = await failure(
      su.backups.upload({ file: zipFile(Buffer.from('just some text'), 'fake.zip') }),
    );
    expect(notZip.status).toBe(400);
    expect(notZip.response.data.file.code).toBe('validation_invalid_mime_type');
    // The magic bytes alone are not enough: the archive must open.
    const truncated = await failure(
      su.backups.upload({ file: zipFile(Buffer.from('PK\x03\x04 broken'), 'broken.zip') }),
    );
    expect(truncated.response.data.file.code).toBe('validation_invalid_mime_type');

    const zip = await makeZip({ 'hello.txt': 'hi' });
    const badName = await failure(su.backups.upload({ file: zipFile(zip, 'Not Allowed.zip') }));
    expect(badName.response.data.file.code).toBe('validation_invalid_name');
    const none = await failure(su.backups.upload({ other: 'x' }));
    expect(none.response.data.file.code).toBe('validation_required');

    await su.backups.upload({ file: zipFile(zip, 'uploaded.zip') });
    const listed = (await su.backups.getFullList()).find((b) => b.key === 'uploaded.zip');
    expect(listed?.size).toBe(zip.length);
    const again = await failure(
      su.backups.upload({ file: zipFile(await makeZip({ 'other.txt': 'x' }), 'uploaded.zip') }),
    );
    expect(again.response.data.file.code).toBe('validation_backup_name_exists');
    expect(Buffer.from(await (await download(su, 'uploaded.zip')).arrayBuffer()).equals(zip)).toBe(true);

    const keys = (await su.backups.getFullList()).map((b) => b.key);
    expect(keys).not.toContain('fake.zip');
    expect(keys).not.toContain('broken.zip');

    // A zip that is not a backup of this engine is refused before anything is touched.
    const restore = await failure(su.backups.restore('uploaded.zip'));
    expect(restore.status).toBe(400);
    expect(restore.message).toBe('Missing or invalid backup file.');
  });

  it('deletes backups; a missing one is a 400', async () => {
    await su.backups.create('to_delete.zip');
    expect(await su.backups.delete('to_delete.zip')).toBe(true);
    expect((await su.backups.getFullList()).map((b) => b.key)).not.toContain('to_delete.zip');
    const again = await failure(su.backups.delete('to_delete.zip'));
    expect(again.status).toBe(400);
    expect(again.message).toBe('Invalid or already deleted backup file.');
    expect((await failure(su.backups.restore('to_delete.zip'))).status).toBe(400);
  });

  it('never reaches a file outside the backups folder, whatever the key', async () => {
    const token = await su.files.getToken();
    writeFileSync(join(t.dataDir, 'secret.zip'), 'outside the backups folder');
    const tricks = [
      '..%2Fsecret.zip',
      '%2e%2e%2fsecret.zip',
      '..%5Csecret.zip',
      '%2Fetc%2Fpasswd',
      '..',
      '.',
      'data.db',
      '%00.zip',
    ];
    for (const key of tricks) {
      const res = await fetch(`${t.url}/api/backups/${key}?token=${encodeURIComponent(token)}`);
      expect(res.status, key).toBe(404);
      const del = await fetch(`${t.url}/api/backups/${key}`, {
        method: 'DELETE',
        headers: { Authorization: su.authStore.token },
      });
      expect([400, 404], key).toContain(del.status);
      const restore = await fetch(`${t.url}/api/backups/${key}/restore`, {
        method: 'POST',
        headers: { Authorization: su.authStore.token },
      });
      expect([400, 404], key).toContain(restore.status);
    }
    expect(readFileSync(join(t.dataDir, 'secret.zip'), 'utf8')).toBe('outside the backups folder');
    if (engine === 'sqlite') expect(existsSync(join(t.dataDir, 'data.db'))).toBe(true);
    await waitUntilIdle(su);
    expect((await t.client().collection('notes').getList(1, 1)).totalItems).toBeGreaterThan(0);
  });
});
