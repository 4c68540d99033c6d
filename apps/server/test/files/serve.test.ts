/** Serving files: headers, ranges, conditional requests, thumbs, protected access and path tricks. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import type { RecordModel } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { fchild, fdocs, file, fileCollections, image, rawRequest, stored } from './support.js';

async function body(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

async function pixel(img: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

describe.each(engines)('serving files (%s)', (engine) => {
  let t: TestServer;
  let rec: RecordModel;
  let tall: Buffer;
  const url = (name: string, query: Record<string, unknown> = {}) =>
    t.client().files.getURL(rec, name, query);

  beforeAll(async () => {
    t = await startServer({ engine, collections: fileCollections });
    tall = await image(100, 300, 'png', true);
    rec = await t
      .client()
      .collection('fdocs')
      .create({
        title: 'serve',
        docs: [file('0123456789abcdefghij', 'notes.txt'), file('%PDF-1.4\n%âãÏÓ\n1 0 obj\n', 'paper.pdf')],
        images: [
          file(tall, 'tall.png'),
          file(await image(40, 30, 'jpeg'), 'small.jpg'),
          file(await image(64, 64, 'webp'), 'pic.webp'),
        ],
      });
  });
  afterAll(() => t.close());

  it('sends type, disposition, caching and security headers', async () => {
    const png = await fetch(url(rec.images[0]));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-disposition')).toBe(`inline; filename=${rec.images[0]}`);
    expect(png.headers.get('cache-control')).toBe('max-age=2592000, stale-while-revalidate=86400');
    expect(png.headers.get('content-security-policy')).toBe(
      "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    );
    expect(png.headers.get('x-frame-options')).toBeNull();
    expect(png.headers.get('x-content-type-options')).toBe('nosniff');
    expect(png.headers.get('accept-ranges')).toBe('bytes');
    expect(png.headers.get('etag')).toMatch(/^"/);
    expect(png.headers.get('last-modified')).toMatch(/GMT$/);
    expect((await body(png)).equals(tall)).toBe(true);

    const txt = await fetch(url(rec.docs[0]));
    expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(txt.headers.get('content-disposition')).toBe(`attachment; filename=${rec.docs[0]}`);
    const pdf = await fetch(url(rec.docs[1]));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline;/);
    const forced = await fetch(url(rec.images[0], { download: true }));
    expect(forced.headers.get('content-disposition')).toBe(`attachment; filename=${rec.images[0]}`);
  });

  it('answers range requests with 206, and 416 past the end', async () => {
    const part = await fetch(url(rec.docs[0]), { headers: { Range: 'bytes=2-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/20');
    expect(part.headers.get('content-length')).toBe('4');
    expect((await body(part)).toString()).toBe('2345');
    const suffix = await fetch(url(rec.docs[0]), { headers: { Range: 'bytes=-3' } });
    expect((await body(suffix)).toString()).toBe('hij');
    const open = await fetch(url(rec.docs[0]), { headers: { Range: 'bytes=15-' } });
    expect((await body(open)).toString()).toBe('fghij');
    const past = await fetch(url(rec.docs[0]), { headers: { Range: 'bytes=20-30' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */20');
    const stale = await fetch(url(rec.docs[0]), {
      headers: { Range: 'bytes=2-5', 'If-Range': '"not-the-etag"' },
    });
    expect(stale.status).toBe(200);
    expect((await body(stale)).length).toBe(20);
  });

  it('answers conditional requests with 304', async () => {
    const first = await fetch(url(rec.docs[0]));
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect((await fetch(url(rec.docs[0]), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(url(rec.docs[0]), { headers: { 'If-Modified-Since': lastModified } })).status).toBe(
      304,
    );
    expect((await fetch(url(rec.docs[0]), { headers: { 'If-None-Match': '"other"' } })).status).toBe(200);
  });

  it('makes thumbs of every form with the right size, cached next to the original', async () => {
    const expected: Record<string, [number, number]> = {
      '100x100': [100, 100],
      '50x40': [50, 40],
      '50x40t': [50, 40],
      '50x40b': [50, 40],
      '50x40f': [13, 40],
      '0x30': [10, 30],
      '30x0': [30, 90],
    };
    for (const [size, [w, h]] of Object.entries(expected)) {
      const res = await fetch(url(rec.images[0], { thumb: size }));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toBe(`inline; filename=${size}_${rec.images[0]}`);
      const meta = await sharp(await body(res)).metadata();
      expect([size, meta.width, meta.height]).toEqual([size, w, h]);
    }
    // Top crop keeps the red top half, bottom crop the blue bottom half.
    expect(await pixel(await body(await fetch(url(rec.images[0], { thumb: '50x40t' }))), 25, 39)).toEqual([
      255, 0, 0,
    ]);
    expect(await pixel(await body(await fetch(url(rec.images[0], { thumb: '50x40b' }))), 25, 0)).toEqual([
      0, 0, 255,
    ]);
    const keys = await stored(t, `${fdocs.id}/${rec.id}/thumbs_${rec.images[0]}/`);
    expect(keys).toEqual(
      Object.keys(expected)
        .map((s) => `${fdocs.id}/${rec.id}/thumbs_${rec.images[0]}/${s}_${rec.images[0]}`)
        .sort(),
    );
    // Fit never enlarges; other formats keep their format.
    const small = await sharp(await body(await fetch(url(rec.images[1], { thumb: '50x40f' })))).metadata();
    expect([small.width, small.height, small.format]).toEqual([40, 30, 'jpeg']);
    const webp = await sharp(await body(await fetch(url(rec.images[2], { thumb: '100x100' })))).metadata();
    expect([webp.width, webp.format]).toEqual([100, 'webp']);
  });

  it('serves the original for sizes the field does not list, bad sizes and non-images', async () => {
    for (const size of ['60x60', '0x0', 'abc', '100x100x']) {
      const res = await fetch(url(rec.images[0], { thumb: size }));
      expect(res.status).toBe(200);
      expect((await body(res)).equals(tall)).toBe(true);
    }
    const txt = await fetch(url(rec.docs[0], { thumb: '100x100' }));
    expect((await body(txt)).toString()).toBe('0123456789abcdefghij');
  });

  it('generates a thumb once when many requests ask for it at the same time', async () => {
    const spy = vi.spyOn(t.app.storage, 'putBuffer');
    const results = await Promise.all(
      Array.from({ length: 6 }, () => fetch(url(rec.images[2], { thumb: '50x40' })).then(body)),
    );
    for (const r of results) expect(r.equals(results[0]!)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('answers 404 to path tricks in any segment', async () => {
    const other = await t
      .client()
      .collection('fdocs')
      .create({ title: 'other', docs: [file('other', 'other.txt')] });
    const name = rec.docs[0] as string;
    const paths = [
      `/api/files/fdocs/${rec.id}/..%2F..%2F..%2Fetc%2Fpasswd`,
      `/api/files/fdocs/${rec.id}/%2Fetc%2Fpasswd`,
      `/api/files/fdocs/${rec.id}/..`,
      `/api/files/fdocs/${rec.id}/../${other.id}/${other.docs[0]}`,
      `/api/files/fdocs/..%2F${fdocs.id}/${name}`,
      `/api/files/..%2Ffdocs/${rec.id}/${name}`,
      `/api/files/%2E%2E/${rec.id}/${name}`,
      `/api/files/fdocs/${rec.id}/${other.docs[0]}`,
      `/api/files/fdocs/${rec.id}/thumbs_${rec.images[0]}%2F100x100_${rec.images[0]}`,
      `/api/files/fdocs/${rec.id}/${encodeURIComponent(`${name}\0`)}`,
      `/api/files/fdocs/${rec.id}%2F..%2F${other.id}/${other.docs[0]}`,
      `/api/files/${fdocs.id}/${rec.id}/${name}%2F..%2F${name}`,
    ];
    for (const path of paths) {
      const res = await rawRequest(t.url, path);
      expect([path, res.status]).toEqual([path, 404]);
    }
    // The same name through the right record works, and by collection id too.
    expect((await rawRequest(t.url, `/api/files/${fdocs.id}/${rec.id}/${name}`)).status).toBe(200);
    expect((await rawRequest(t.url, `/api/files/fdocs/${rec.id}/${name}`, 'HEAD')).status).toBe(200);
  });

  it('checks protected files against the view rule in the protectedFile context', async () => {
    const owner = await t.user();
    const stranger = await t.user();
    const rec2 = await owner.pb
      .collection('fowned')
      .create({ owner: owner.id, secret: file(await image(10, 10), 'mine.png') });
    // The view rule only opens in the protectedFile context, so the plain record view is refused...
    await expect(owner.pb.collection('fowned').getOne(rec2.id)).rejects.toMatchObject({ status: 404 });
    // ...while the file opens with the owner's file token, and not with a stranger's.
    const fileUrl = (token: string) => owner.pb.files.getURL(rec2, rec2.secret, { token });
    expect((await fetch(fileUrl(await owner.pb.files.getToken()))).status).toBe(200);
    expect((await fetch(fileUrl(await stranger.pb.files.getToken()))).status).toBe(404);
    expect((await fetch(fileUrl(owner.pb.authStore.token))).status).toBe(404);
    expect((await fetch(fileUrl('garbage'))).status).toBe(404);
  });

  it('deletes a record\u2019s files (and thumbs) with the record, cascades included', async () => {
    const pb = t.client();
    const victim = await pb
      .collection('fdocs')
      .create({ title: 'victim', docs: [file('x', 'x.txt')], images: [file(await image(20, 20), 'i.png')] });
    await fetch(pb.files.getURL(victim, victim.images[0], { thumb: '100x100' }));
    expect(await stored(t, `${fdocs.id}/${victim.id}/`)).toHaveLength(3);
    await pb.collection('fdocs').delete(victim.id);
    expect(await stored(t, `${fdocs.id}/${victim.id}/`)).toEqual([]);

    const parent = await pb.collection('fparent').create({ title: 'p' });
    const child = await pb
      .collection('fchild')
      .create({ parent: parent.id, doc: file('child', 'child.txt') });
    expect(await stored(t, `${fchild.id}/${child.id}/`)).toHaveLength(1);
    await pb.collection('fparent').delete(parent.id);
    await expect(pb.collection('fchild').getOne(child.id)).rejects.toMatchObject({ status: 404 });
    expect(await stored(t, `${fchild.id}/${child.id}/`)).toEqual([]);
  });

  it('deletes a removed image together with its cached thumbs', async () => {
    const pb = t.client();
    const r = await pb
      .collection('fdocs')
      .create({ title: 'thumbs-go', images: [file(await image(20, 20), 'a.png')] });
    await fetch(pb.files.getURL(r, r.images[0], { thumb: '100x100' }));
    expect(await stored(t, `${fdocs.id}/${r.id}/`)).toHaveLength(2);
    await pb.collection('fdocs').update(r.id, { 'images-': r.images[0] });
    expect(await stored(t, `${fdocs.id}/${r.id}/`)).toEqual([]);
  });
});
