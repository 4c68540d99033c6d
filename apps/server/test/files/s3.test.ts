/** Storage on an S3-compatible server (s3rver on loopback), switched on through the settings API. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import S3rver from 's3rver';
import type PocketBase from 'pocketbase';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { fdocs, file, fileCollections, image, stored } from './support.js';

const BUCKET = 'photoshoot-files';

describe.each(engines)('S3 storage (%s)', (engine) => {
  let t: TestServer;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let su: PocketBase;

  /** Keys in the bucket, read with a client of our own (not the server's storage). */
  async function bucketKeys(prefix: string): Promise<string[]> {
    await t.app.storage.idle();
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    } finally {
      client.destroy();
    }
  }

  beforeAll(async () => {
    s3Dir = mkdtempSync(join(tmpdir(), 'photoshoot-s3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await startServer({ engine, collections: fileCollections });
    su = await t.superuser();
    await su.settings.update({
      s3: {
        enabled: true,
        bucket: BUCKET,
        region: 'us-east-1',
        endpoint,
        accessKey: 'S3RVER',
        secret: 'S3RVER',
        forcePathStyle: true,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('uploads, serves (with ranges and thumbs) and deletes through the API', async () => {
    const pb = t.client();
    const png = await image(120, 80);
    const rec = await pb.collection('fdocs').create({
      title: 's3',
      docs: [file('stored in a bucket', 'bucket.txt'), file('second', 'second.txt')],
      images: file(png, 'photo.png'),
    });
    const dir = `${fdocs.id}/${rec.id}/`;
    expect(await bucketKeys(dir)).toEqual(
      [...rec.docs, ...rec.images].map((n: string) => `${dir}${n}`).sort(),
    );
    // Nothing went to the local folder.
    expect(await t.app.storage.local.list(dir)).toEqual([]);

    const txt = await fetch(pb.files.getURL(rec, rec.docs[0]));
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await txt.text()).toBe('stored in a bucket');
    const part = await fetch(pb.files.getURL(rec, rec.docs[0]), { headers: { Range: 'bytes=10-15' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('a buck');

    const thumb = await fetch(pb.files.getURL(rec, rec.images[0], { thumb: '100x100' }));
    expect(thumb.status).toBe(200);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([100, 100]);
    expect(await bucketKeys(`${dir}thumbs_${rec.images[0]}/`)).toEqual([
      `${dir}thumbs_${rec.images[0]}/100x100_${rec.images[0]}`,
    ]);

    await pb.collection('fdocs').update(rec.id, { 'docs-': rec.docs[0] });
    expect(await bucketKeys(dir)).not.toContain(`${dir}${rec.docs[0]}`);
    expect((await fetch(pb.files.getURL(rec, rec.docs[0]))).status).toBe(404);

    await pb.collection('fdocs').delete(rec.id);
    expect(await bucketKeys(dir)).toEqual([]);
  });

  it('leaves nothing in the bucket when a create fails', async () => {
    const id = 's3failaaaaaaaaa';
    await expect(
      t
        .client()
        .collection('fdocs')
        .create({ id, title: 's3-bad', n: 99, docs: [file('a', 'a.txt')] }),
    ).rejects.toMatchObject({ status: 400 });
    expect(await bucketKeys(`${fdocs.id}/${id}/`)).toEqual([]);
  });

  it('goes back to the local folder when S3 is switched off', async () => {
    await su.settings.update({ s3: { enabled: false } });
    const rec = await t
      .client()
      .collection('fdocs')
      .create({ title: 'local-again', docs: file('local', 'local.txt') });
    expect(await stored(t, `${fdocs.id}/${rec.id}/`)).toEqual([`${fdocs.id}/${rec.id}/${rec.docs[0]}`]);
    expect(await bucketKeys(`${fdocs.id}/${rec.id}/`)).toEqual([]);
    await su.settings.update({ s3: { enabled: true } });
  });
});
