/** PocketBase's file scenarios (serving, thumbs, protected files) through the SDK. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ClientResponseError } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { fdocs, file, fileCollections, image, STORED_NAME, stored } from './support.js';

describe.each(engines)('files scenarios (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: fileCollections });
  });
  afterAll(() => t.close());

  it('20: multipart create stores two docs with normalised names and tags from @jsonPayload', async () => {
    const pb = t.client();
    const rec = await pb.collection('fdocs').create({
      title: 't',
      docs: [file('hello world', 'My Report.txt'), file('%PDF-1.4\n', 'scan.PDF')],
      tags: ['a'],
    });
    expect(rec.tags).toEqual(['a']);
    expect(rec.docs).toHaveLength(2);
    for (const name of rec.docs as string[]) expect(name).toMatch(STORED_NAME);
    expect(rec.docs[0]).toMatch(/^my_report_[a-z0-9]{10}\.txt$/);
    // Stored under the extension of the type the bytes were sniffed as, not the one the client sent.
    expect(rec.docs[1]).toMatch(/^scan_[a-z0-9]{10}\.pdf$/);
    expect(await stored(t, `${fdocs.id}/${rec.id}/`)).toEqual(
      [...(rec.docs as string[])].map((n) => `${fdocs.id}/${rec.id}/${n}`).sort(),
    );
    const res = await fetch(pb.files.getURL(rec, rec.docs[0]));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello world');
  });

  it('21: docs- removes a name (and its file), docs+ appends an upload', async () => {
    const pb = t.client();
    const rec = await pb
      .collection('fdocs')
      .create({ title: 't21', docs: [file('one', 'one.txt'), file('two', 'two.txt')] });
    const [name1, name2] = rec.docs as string[];
    const removedUrl = pb.files.getURL(rec, name1!);
    expect((await fetch(removedUrl)).status).toBe(200);

    const afterRemove = await pb.collection('fdocs').update(rec.id, { 'docs-': [name1] });
    expect(afterRemove.docs).toEqual([name2]);
    expect((await fetch(removedUrl)).status).toBe(404);
    expect(await stored(t, `${fdocs.id}/${rec.id}/`)).toEqual([`${fdocs.id}/${rec.id}/${name2}`]);

    const afterAppend = await pb.collection('fdocs').update(rec.id, { 'docs+': file('three', 'three.txt') });
    expect(afterAppend.docs).toHaveLength(2);
    expect(afterAppend.docs[0]).toBe(name2);
    expect(afterAppend.docs[1]).toMatch(/^three_[a-z0-9]{10}\.txt$/);
    expect(await (await fetch(pb.files.getURL(afterAppend, afterAppend.docs[1]))).text()).toBe('three');
  });

  it('36: file tokens, protected files, thumbs and HEAD', async () => {
    const guest = t.client();
    await expect(guest.files.getToken()).rejects.toMatchObject({ status: 401 });
    const u1 = await t.user();
    const userToken = await u1.pb.files.getToken();
    expect(userToken.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(userToken.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ type: 'file', id: u1.id, collectionId: '_pb_users_auth_' });
    // Lifetime from the collection's auth options (fileTokenDuration, 180 s by default).
    expect(Math.abs(claims.exp - (Date.now() / 1000 + 180))).toBeLessThan(5);

    const su = await t.superuser();
    const png = await image(300, 200);
    const locked = await su
      .collection('flocked')
      .create({ title: 'x', file_one: file(png, 'secret.png'), open_one: file(png, 'open.png') });
    const url = su.files.getURL(locked, locked.file_one);
    expect((await fetch(url)).status).toBe(404);
    // The Authorization header does not unlock a protected file; only ?token= does.
    expect((await fetch(url, { headers: { Authorization: su.authStore.token } })).status).toBe(404);
    const suToken = await su.files.getToken();
    const ok = await fetch(su.files.getURL(locked, locked.file_one, { token: suToken }));
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(png)).toBe(true);
    // A user's token does not pass the locked view rule.
    expect((await fetch(su.files.getURL(locked, locked.file_one, { token: userToken }))).status).toBe(404);
    const suRecord = await t.app.records.findById(
      t.app.registry.require('_superusers'),
      su.authStore.record!.id,
    );
    const expired = await t.app.auth.issueToken(t.app.registry.require('_superusers'), suRecord!, 'file', {
      duration: -10,
    });
    expect((await fetch(su.files.getURL(locked, locked.file_one, { token: expired }))).status).toBe(404);

    const big = await fetch(su.files.getURL(locked, locked.open_one, { thumb: '999x999' }));
    expect(big.status).toBe(200);
    expect(Buffer.from(await big.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(su.files.getURL(locked, locked.open_one, { thumb: '100x100' }));
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([100, 100, 'png']);

    const head = await fetch(su.files.getURL(locked, locked.open_one), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const base = `${t.url}/api/files`;
    expect((await fetch(`${base}/nope/${locked.id}/${locked.open_one}`)).status).toBe(404);
    expect((await fetch(`${base}/flocked/aaaaaaaaaaaaaaa/${locked.open_one}`)).status).toBe(404);
    expect((await fetch(`${base}/flocked/${locked.id}/missing_0123456789.png`)).status).toBe(404);
    const missing = await fetch(`${base}/flocked/${locked.id}/missing_0123456789.png`);
    expect(await missing.json()).toEqual({
      status: 404,
      message: "The requested resource wasn't found.",
      data: {},
    });
  });

  it('refuses a guest file token request in the error shape', async () => {
    const err = await t
      .client()
      .files.getToken()
      .catch((e: ClientResponseError) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).response).toMatchObject({ status: 401, data: {} });
  });
});
