/**
 * Batch with files (PocketBase's batch API) through the SDK's createBatch, which always sends multipart:
 * files reach their item, a failed batch leaves neither rows nor stored files, the body limit
 * answers 413 and the timeout rolls back a batch whose item is still busy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponseError } from 'pocketbase';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { engines, startServer, type TestServer } from '../support/harness.js';

const KiB = 1024;
const open = { listRule: '', viewRule: '', createRule: '', updateRule: '', deleteRule: '' } as const;

/** The file scenarios' shape: a multi-file `docs` next to a required, unique title. */
const bdocs = defineCollection({
  name: 'bdocs',
  fields: [
    f.text('title', { required: true }),
    f.file('docs', { maxSelect: 4, maxSize: 64 * KiB }),
    f.file('single'),
  ],
  indexes: [{ name: 'idx_bdocs_title', columns: ['title'], unique: true }],
  ...open,
});
/** Its creates wait in a hook, to outlast the batch timeout. */
const bslow = defineCollection({ name: 'bslow', fields: [f.text('title')], ...open });

const file = (text: string, name: string) => new File([text], name, { type: 'text/plain' });

const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: ClientResponseError) => e,
  );

describe.each(engines)('batch with files (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: [bdocs, bslow] });
    await t.app.settings.patch({ batch: { enabled: true } });
  });
  afterAll(() => t.close());

  const storedKeys = async () => {
    await t.app.storage.idle();
    return t.app.storage.list(`${bdocs.id}/`);
  };
  /** Stored keys once rollback cleanups are over (they run in the background of the response). */
  const settledKeys = async (expected: number) => {
    const until = Date.now() + 5000;
    let keys = await storedKeys();
    while (keys.length !== expected && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      keys = await storedKeys();
    }
    return keys;
  };
  const download = async (id: string, name: string) =>
    (await fetch(`${t.url}/api/files/bdocs/${id}/${name}`)).text();

  it('stores each item its own files, with modifiers, and serves them', async () => {
    const batch = t.client().createBatch();
    batch.collection('bdocs').create({ title: 'f1', docs: [file('one', 'one.txt'), file('two', 'two.txt')] });
    batch.collection('bdocs').create({ title: 'f2', single: file('solo', 'solo.txt') });
    const [r1, r2] = await batch.send();
    expect(r1!.body.docs).toHaveLength(2);
    expect(r1!.body.docs[0]).toMatch(/^one_[a-z0-9]{10}\.txt$/);
    expect(await download(r1!.body.id, r1!.body.docs[1])).toBe('two');
    expect(await download(r2!.body.id, r2!.body.single)).toBe('solo');

    // A mixed list keeps the listed names (the SDK sends the new file as `requests.0.docs+`).
    const keep = r1!.body.docs[0] as string;
    const dropped = r1!.body.docs[1] as string;
    const update = t.client().createBatch();
    update.collection('bdocs').update(r1!.body.id, { docs: [keep, file('three', 'three.txt')] });
    update
      .collection('bdocs')
      .upsert({ id: r2!.body.id, title: 'f2-upserted', single: file('new', 'new.txt') });
    const [u1, u2] = await update.send();
    expect(u1!.body.docs).toHaveLength(2);
    expect(u1!.body.docs[0]).toBe(keep);
    expect(await download(r1!.body.id, u1!.body.docs[1])).toBe('three');
    expect(u2!.body.single).not.toBe(r2!.body.single);
    expect(await download(r2!.body.id, u2!.body.single)).toBe('new');
    const keys = await storedKeys();
    expect(keys).not.toContain(`${bdocs.id}/${r1!.body.id}/${dropped}`);
    expect(keys).toContain(`${bdocs.id}/${r1!.body.id}/${keep}`);
  });

  it('accepts the requests[<i>].<key> form too and ignores parts that name no item', async () => {
    const su = await t.superuser();
    const form = new FormData();
    form.append(
      '@jsonPayload',
      JSON.stringify({
        requests: [{ method: 'POST', url: '/api/collections/bdocs/records', body: { title: 'brackets' } }],
      }),
    );
    form.append('requests[0].docs', file('bracketed', 'b.txt'));
    form.append('requests.7.docs', file('stray', 'stray.txt'));
    form.append('elsewhere', file('stray', 'stray.txt'));
    const res = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { Authorization: su.authStore.token },
      body: form,
    });
    expect(res.status).toBe(200);
    const [r] = (await res.json()) as { body: { id: string; docs: string[] } }[];
    expect(r!.body.docs).toHaveLength(1);
    expect(await download(r!.body.id, r!.body.docs[0]!)).toBe('bracketed');
  });

  it('a failing third item leaves no rows and no stored files', async () => {
    const before = await settledKeys((await storedKeys()).length);
    const count = (await t.client().collection('bdocs').getList(1, 1)).totalItems;
    const batch = t.client().createBatch();
    batch.collection('bdocs').create({ title: 'r1', docs: [file('a', 'a.txt'), file('b', 'b.txt')] });
    batch.collection('bdocs').create({ title: 'r2', single: file('c', 'c.txt') });
    batch.collection('bdocs').create({ title: '', docs: [file('d', 'd.txt')] });
    const err = await fail(batch.send());
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('Batch transaction failed.');
    expect(err.response.data.requests['2'].response.data.title.code).toBe('validation_required');
    expect((await t.client().collection('bdocs').getList(1, 1)).totalItems).toBe(count);
    expect(await settledKeys(before.length)).toEqual(before);
  });

  it('a unique violation found by the database also takes the stored files back', async () => {
    const before = await settledKeys((await storedKeys()).length);
    const batch = t.client().createBatch();
    batch.collection('bdocs').create({ title: 'dup', docs: [file('x', 'x.txt')] });
    batch.collection('bdocs').create({ title: 'dup', docs: [file('y', 'y.txt')] });
    const err = await fail(batch.send());
    expect(err.response.data.requests['1'].response.data.title.code).toBe('validation_not_unique');
    expect(await settledKeys(before.length)).toEqual(before);
  });

  it("checks the item's field limits on batch files", async () => {
    const batch = t.client().createBatch();
    batch.collection('bdocs').create({ title: 'big', docs: [file('z'.repeat(65 * KiB), 'big.txt')] });
    const err = await fail(batch.send());
    expect(err.response.data.requests['0'].response.data.docs.code).toBe('validation_file_size_limit');
  });

  it('answers 413 in the error shape past batch.maxBodySize', async () => {
    await t.app.settings.patch({ batch: { maxBodySize: 4 * KiB } });
    try {
      const batch = t.client().createBatch();
      batch.collection('bdocs').create({ title: 'too-big', docs: [file('q'.repeat(8 * KiB), 'q.txt')] });
      const err = await fail(batch.send());
      expect(err.status).toBe(413);
      expect(err.response).toMatchObject({ status: 413, data: {} });
      expect(typeof err.response.message).toBe('string');
      const chunked = await fetch(`${t.url}/api/batch`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: new ReadableStream({
          start(c) {
            const part =
              '--xyz\r\nContent-Disposition: form-data; name="requests.0.docs"; filename="s.txt"\r\n\r\n';
            c.enqueue(new TextEncoder().encode(part + 's'.repeat(8 * KiB) + '\r\n--xyz--\r\n'));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(chunked.status).toBe(413);
      expect(((await chunked.json()) as { status: number }).status).toBe(413);
    } finally {
      await t.app.settings.patch({ batch: { maxBodySize: 0 } });
    }
  });

  it('rolls back a batch that outlasts batch.timeout, busy item included', async () => {
    const off = t.app.hooks.on('beforeCreate', 'bslow', async (e) => {
      if (e.record.title === 'slow') await new Promise((r) => setTimeout(r, 1800));
    });
    await t.app.settings.patch({ batch: { timeout: 1 } });
    try {
      const batch = t.client().createBatch();
      batch.collection('bslow').create({ title: 'quick' });
      batch.collection('bslow').create({ title: 'slow' });
      const started = Date.now();
      const err = await fail(batch.send());
      expect(err.status).toBe(400);
      expect(err.response.message).toBe('Batch transaction failed.');
      expect(Date.now() - started).toBeLessThan(1700);
      // The busy item finishes after the rollback; its late writes must not land either.
      await new Promise((r) => setTimeout(r, 2500));
      expect((await t.client().collection('bslow').getList(1, 1)).totalItems).toBe(0);
    } finally {
      off();
      await t.app.settings.patch({ batch: { timeout: 3 } });
    }
  });
});
