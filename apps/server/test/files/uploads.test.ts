/** Upload rules: sniffed types, sizes, counts, modifiers, body limits, and no orphans on failure. */
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { fdocs, file, fileCollections, fsmall, image, KiB, MiB, stored } from './support.js';
import { failure } from '../support/errors.js';

/** A minimal HEIC header (ftyp box, brand `heic`), which is what an iPhone photo starts with. */
const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.alloc(4),
  Buffer.from('mif1heic'),
  Buffer.alloc(64),
]);

let idCounter = 0;
function newId(): string {
  return `${Date.now().toString(36)}${(idCounter++).toString(36)}`.padEnd(15, 'x').slice(0, 15);
}

describe.each(engines)('file uploads (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: fileCollections });
  });
  afterAll(() => t.close());

  const dir = (id: string) => `${fdocs.id}/${id}/`;

  it('refuses a non-image renamed .jpg, whatever Content-Type the client claims', async () => {
    const id = newId();
    const err = await failure(
      t
        .client()
        .collection('fdocs')
        .create({
          id,
          title: 'fake',
          images: file('just some text, not a picture', 'holiday.jpg', 'image/jpeg'),
        }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.images.code).toBe('validation_invalid_mime_type');
    expect(err.response.data.images.message).toContain('holiday.jpg');
    expect(await stored(t, dir(id))).toEqual([]);
  });

  it('accepts an image by its bytes and serves it with the sniffed type', async () => {
    const pb = t.client();
    const rec = await pb
      .collection('fdocs')
      .create({ title: 'png-as-jpg', images: file(await image(20, 20, 'png'), 'photo.jpg', 'image/jpeg') });
    expect(rec.images[0]).toMatch(/^photo_[a-z0-9]{10}\.png$/);
    const res = await fetch(pb.files.getURL(rec, rec.images[0]));
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses HEIC photos with a message that says how to convert them', async () => {
    const err = await failure(
      t
        .client()
        .collection('fdocs')
        .create({ title: 'heic', images: file(HEIC, 'IMG_0001.HEIC', 'image/heic') }),
    );
    expect(err.response.data.images.code).toBe('validation_invalid_mime_type');
    expect(err.response.data.images.message).toMatch(/HEIC/);
    expect(err.response.data.images.message).toMatch(/JPEG/);
  });

  it('refuses a file over the field maxSize with a field error', async () => {
    const id = newId();
    const err = await failure(
      t
        .client()
        .collection('fdocs')
        .create({ id, title: 'big', docs: file(Buffer.alloc(300 * KiB, 1), 'big.bin') }),
    );
    expect(err.status).toBe(400);
    expect(err.response.data.docs).toMatchObject({
      code: 'validation_file_size_limit',
      params: { maxSize: 256 * KiB },
    });
    expect(await stored(t, dir(id))).toEqual([]);
  });

  it('refuses more files than maxSelect, on create and through docs+', async () => {
    const pb = t.client();
    const five = [1, 2, 3, 4, 5].map((i) => file(`doc ${i}`, `d${i}.txt`));
    const err = await failure(pb.collection('fdocs').create({ title: 'many', docs: five }));
    expect(err.response.data.docs).toMatchObject({
      code: 'validation_too_many_files',
      params: { maxSelect: 4 },
    });
    const rec = await pb.collection('fdocs').create({ title: 'four', docs: five.slice(0, 4) });
    const err2 = await failure(pb.collection('fdocs').update(rec.id, { 'docs+': file('x', 'x.txt') }));
    expect(err2.response.data.docs.code).toBe('validation_too_many_files');
    expect(await stored(t, dir(rec.id))).toHaveLength(4);
  });

  it('keeps only the last file on a single-file field', async () => {
    const pb = t.client();
    const rec = await pb
      .collection('fdocs')
      .create({ title: 'single', single: [file('first', 'first.txt'), file('second', 'second.txt')] });
    expect(rec.single).toMatch(/^second_[a-z0-9]{10}\.txt$/);
    expect(await stored(t, dir(rec.id))).toEqual([`${dir(rec.id)}${rec.single}`]);
    const replaced = await pb.collection('fdocs').update(rec.id, { single: file('third', 'third.txt') });
    expect(replaced.single).toMatch(/^third_/);
    expect(await stored(t, dir(rec.id))).toEqual([`${dir(rec.id)}${replaced.single}`]);
    const cleared = await pb.collection('fdocs').update(rec.id, { single: null });
    expect(cleared.single).toBe('');
    expect(await stored(t, dir(rec.id))).toEqual([]);
  });

  it('replaces docs unless the old names are listed, prepends with +docs, clears with []', async () => {
    const pb = t.client();
    const rec = await pb
      .collection('fdocs')
      .create({ title: 'mods', docs: [file('a', 'alpha.txt'), file('b', 'bravo.txt')] });
    const [a, b] = rec.docs as string[];
    const kept = await pb.collection('fdocs').update(rec.id, { docs: [a, file('c', 'charlie.txt')] });
    expect(kept.docs).toHaveLength(2);
    expect(kept.docs[0]).toBe(a);
    expect(kept.docs[1]).toMatch(/^charlie_/);
    expect(await stored(t, dir(rec.id))).not.toContain(`${dir(rec.id)}${b}`);

    const prepended = await pb.collection('fdocs').update(rec.id, { '+docs': file('z', 'zulu.txt') });
    expect(prepended.docs).toHaveLength(3);
    expect(prepended.docs[0]).toMatch(/^zulu_/);
    expect(prepended.docs.slice(1)).toEqual(kept.docs);

    const replaced = await pb.collection('fdocs').update(rec.id, { docs: file('new', 'new.txt') });
    expect(replaced.docs).toHaveLength(1);
    expect(await stored(t, dir(rec.id))).toEqual([`${dir(rec.id)}${replaced.docs[0]}`]);

    const cleared = await pb.collection('fdocs').update(rec.id, { docs: [] });
    expect(cleared.docs).toEqual([]);
    expect(await stored(t, dir(rec.id))).toEqual([]);
  });

  it('ignores plain names that are not already on the record', async () => {
    const pb = t.client();
    const rec = await pb.collection('fdocs').create({ title: 'names', docs: [file('a', 'a.txt')] });
    const upd = await pb
      .collection('fdocs')
      .update(rec.id, { docs: [rec.docs[0], 'other_0123456789.txt', '../../etc/passwd'] });
    expect(upd.docs).toEqual(rec.docs);
  });

  it('leaves no file and no record when another field fails validation', async () => {
    const id = newId();
    const err = await failure(
      t
        .client()
        .collection('fdocs')
        .create({ id, title: 'bad-n', n: 99, docs: [file('a', 'a.txt')] }),
    );
    expect(err.response.data.n.code).toBe('validation_max_number_constraint');
    expect(await stored(t, dir(id))).toEqual([]);
    await expect(t.client().collection('fdocs').getOne(id)).rejects.toMatchObject({ status: 404 });
  });

  it('takes stored files back when the database write fails', async () => {
    const pb = t.client();
    await pb.collection('fdocs').create({ title: 'taken' });
    const id = newId();
    const err = await failure(
      pb.collection('fdocs').create({ id, title: 'taken', docs: [file('a', 'a.txt'), file('b', 'b.txt')] }),
    );
    expect(err.response.data.title.code).toBe('validation_not_unique');
    expect(await stored(t, dir(id))).toEqual([]);

    const other = await pb.collection('fdocs').create({ title: 'other', docs: [file('keep', 'keep.txt')] });
    const err2 = await failure(
      pb.collection('fdocs').update(other.id, { title: 'taken', 'docs+': file('new', 'new.txt') }),
    );
    expect(err2.response.data.title.code).toBe('validation_not_unique');
    expect(await stored(t, dir(other.id))).toEqual([`${dir(other.id)}${other.docs[0]}`]);
  });

  it('drops parts for keys that are not file fields', async () => {
    const rec = await t
      .client()
      .collection('fdocs')
      .create({ title: 'extra', nope: file('zzz', 'zzz.txt'), title2: file('q', 'q.txt') });
    expect(await stored(t, dir(rec.id))).toEqual([]);
  });

  it('answers 413 in the error shape when the body is over the limit (declared or streamed)', async () => {
    const url = `${t.url}/api/collections/fsmall/records`;
    const form = new FormData();
    form.append('doc', new Blob([new Uint8Array(34 * MiB)]), 'huge.bin');
    const declared = await fetch(url, { method: 'POST', body: form });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ status: 413, message: 'Request entity too large.', data: {} });

    // Chunked: no Content-Length, so the limit is enforced while the bytes arrive.
    const boundary = 'xxBOUNDARYxx';
    const chunk = new Uint8Array(MiB);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(
            new TextEncoder().encode(
              `--${boundary}\r\nContent-Disposition: form-data; name="doc"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
            ),
          );
        if (sent >= 40) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent++;
        controller.enqueue(chunk);
      },
    });
    const streamed = await fetch(url, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect((await streamed.json()).status).toBe(413);
    expect(await stored(t, `${fsmall.id}/`)).toEqual([]);
  });

  it('removes the spooled temporary files after every request', async () => {
    const pb = t.client();
    await pb.collection('fdocs').create({ title: 'tmp-ok', docs: [file('a', 'a.txt')] });
    await failure(pb.collection('fdocs').create({ title: 'tmp-bad', n: 99, docs: [file('a', 'a.txt')] }));
    await failure(
      pb.collection('fdocs').create({ title: 'tmp-big', docs: [file(Buffer.alloc(300 * KiB), 'big.bin')] }),
    );
    // note: the cleanup runs in onResponse, just after the client has its answer.
    await expect
      .poll(async () => readdir(join(t.dataDir, '.tmp')).catch(() => []), { timeout: 5000 })
      .toEqual([]);
  });

  it('removes the spooled files of an upload the client abandons half way', async () => {
    const { hostname, port } = new URL(t.url);
    const socket = connect(Number(port), hostname);
    await new Promise((r) => socket.once('connect', r));
    const boundary = 'abandonBOUNDARY';
    socket.write(
      `POST /api/collections/fdocs/records HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${10 * MiB}\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="docs"; filename="a.txt"\r\n\r\n`,
    );
    socket.write(Buffer.alloc(256 * KiB, 97));
    // Wait until the server has started spooling, then walk away mid-file.
    await expect
      .poll(async () => (await readdir(join(t.dataDir, '.tmp')).catch(() => [])).length, { timeout: 5000 })
      .toBe(1);
    socket.destroy();
    await expect
      .poll(async () => readdir(join(t.dataDir, '.tmp')).catch(() => []), { timeout: 5000 })
      .toEqual([]);
  });
});
