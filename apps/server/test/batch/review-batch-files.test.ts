/**
 * Review findings on batch with files: malformed item URLs, part names that point nowhere or try
 * path tricks, uploads into records the caller may not write, and body limits that a chunked body
 * (no content-length) or a disabled batch must not get around.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { engines, startServer, type TestServer } from '../support/harness.js';

const KiB = 1024;
const OWN = 'user = @request.auth.id';

/** Records a user owns, with files; only the owner may create (for themselves) or update them. */
const rowned = defineCollection({
  name: 'rowned',
  fields: [
    f.relation('user', 'users', { required: true }),
    f.file('docs', { maxSelect: 4, maxSize: 64 * KiB }),
  ],
  listRule: OWN,
  viewRule: OWN,
  createRule: OWN,
  updateRule: OWN,
  deleteRule: OWN,
});

/** Its creates can be made to wait in a hook, to outlast the batch timeout with files stored. */
const rslow = defineCollection({
  name: 'rslow',
  fields: [f.text('title'), f.file('docs', { maxSelect: 4, maxSize: 64 * KiB })],
  listRule: '',
  viewRule: '',
  createRule: '',
});

const file = (text: string, name: string) => new File([text], name, { type: 'text/plain' });

type BatchAnswer = {
  status: number;
  message?: string;
  data?: { requests?: Record<string, { response: { status: number } }> };
};

describe.each(engines)('batch review (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: [rowned, rslow] });
    await t.app.settings.patch({ batch: { enabled: true } });
  });
  afterAll(() => t.close());

  const storedKeys = async () => {
    await t.app.storage.idle();
    return t.app.storage.list(`${rowned.id}/`);
  };
  /** Posts a multipart batch built by `fill` with `token`'s auth. */
  const post = async (token: string, requests: unknown[], fill: (form: FormData) => void = () => {}) => {
    const form = new FormData();
    form.append('@jsonPayload', JSON.stringify({ requests }));
    fill(form);
    const res = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { Authorization: token },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it('answers an item with a malformed URL as a failed item, not a 500', async () => {
    const su = await t.superuser();
    for (const url of [
      '/api/collections/%E0%A4%A/records',
      '/api/collections/rowned/records/%ZZ',
      'http://[',
    ]) {
      const method = url.endsWith('%ZZ') ? 'PATCH' : 'POST';
      const res = await post(su.authStore.token, [{ method, url, body: {} }]);
      expect(res.status, url).toBe(400);
      const body = res.body as BatchAnswer;
      expect(body.message, url).toBe('Batch transaction failed.');
      expect(body.data?.requests?.['0']?.response.status, url).toBe(404);
    }
  });

  it('stores only parts that name a real item and field, under sanitized names', async () => {
    const owner = await t.user();
    const create = { method: 'POST', url: '/api/collections/rowned/records', body: { user: owner.id } };
    const res = await post(owner.pb.authStore.token, [create], (form) => {
      form.append('requests.0.docs', file('kept', '../../../etc/passwd.txt'));
      form.append('requests.99999999999999999999.docs', file('huge index', 'a.txt'));
      form.append('requests.1.docs', file('no such item', 'b.txt'));
      form.append('requests.-1.docs', file('negative', 'c.txt'));
      form.append('requests.0.../../docs', file('path trick', 'd.txt'));
      form.append('requests.0.docs/../../x', file('path trick', 'e.txt'));
    });
    expect(res.status).toBe(200);
    const [item] = res.body as { body: { id: string; docs: string[] } }[];
    expect(item!.body.docs).toHaveLength(1);
    expect(item!.body.docs[0]).toMatch(/^[a-z0-9_]+_[a-z0-9]{10}\.txt$/);
    expect(await storedKeys()).toEqual([`${rowned.id}/${item!.body.id}/${item!.body.docs[0]}`]);
    const mine = await owner.pb.collection('rowned').getOne(item!.body.id);
    expect(mine.docs).toEqual(item!.body.docs);
  });

  it('refuses uploads into records the caller may not write and stores nothing', async () => {
    const owner = await t.user();
    const intruder = await t.user();
    const record = await owner.pb
      .collection('rowned')
      .create({ user: owner.id, docs: [file('mine', 'm.txt')] });
    const before = await storedKeys();
    const update = { method: 'PATCH', url: `/api/collections/rowned/records/${record.id}`, body: {} };
    const upd = await post(intruder.pb.authStore.token, [update], (form) =>
      form.append('requests.0.docs+', file('intruder', 'i.txt')),
    );
    expect(upd.status).toBe(400);
    expect((upd.body as BatchAnswer).data?.requests?.['0']?.response.status).toBe(404);
    // Creating a record for someone else fails the create rule after the files were checked.
    const create = { method: 'POST', url: '/api/collections/rowned/records', body: { user: owner.id } };
    const crt = await post(intruder.pb.authStore.token, [create], (form) =>
      form.append('requests.0.docs', file('intruder', 'j.txt')),
    );
    expect(crt.status).toBe(400);
    expect((await owner.pb.collection('rowned').getOne(record.id)).docs).toEqual(record.docs);
    expect(await storedKeys()).toEqual(before);
  });

  it('leaves no stored files when the batch times out, busy item included', async () => {
    const off = t.app.hooks.on('beforeCreate', 'rslow', async (e) => {
      if (e.record.title === 'slow') await new Promise((r) => setTimeout(r, 1800));
    });
    await t.app.settings.patch({ batch: { timeout: 1 } });
    try {
      const batch = t.client().createBatch();
      batch.collection('rslow').create({ title: 'quick', docs: [file('q', 'q.txt')] });
      batch.collection('rslow').create({ title: 'slow', docs: [file('s', 's.txt')] });
      const err = await batch.send().then(
        () => null,
        (e: { status: number }) => e,
      );
      expect(err?.status).toBe(400);
      await new Promise((r) => setTimeout(r, 2500));
      await t.app.storage.idle();
      expect(await t.app.storage.list(`${rslow.id}/`)).toEqual([]);
      expect((await t.client().collection('rslow').getList(1, 1)).totalItems).toBe(0);
    } finally {
      off();
      await t.app.settings.patch({ batch: { timeout: 3 } });
    }
  });

  it('answers 413 for a chunked JSON body past batch.maxBodySize', async () => {
    await t.app.settings.patch({ batch: { maxBodySize: 4 * KiB } });
    try {
      const su = await t.superuser();
      const requests = [
        { method: 'POST', url: '/api/collections/rowned/records', body: { pad: 'x'.repeat(8 * KiB) } },
      ];
      const bytes = new TextEncoder().encode(JSON.stringify({ requests }));
      const res = await fetch(`${t.url}/api/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Authorization: su.authStore.token },
        body: new ReadableStream({
          start(c) {
            c.enqueue(bytes);
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(((await res.json()) as { status: number }).status).toBe(413);
    } finally {
      await t.app.settings.patch({ batch: { maxBodySize: 0 } });
    }
  });

  it('refuses a disabled batch before reading its body', async () => {
    await t.app.settings.patch({ batch: { enabled: false } });
    try {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${t.url}/api/batch`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
        });
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error('no answer while the body was still coming'));
        }, 5000);
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => {
            clearTimeout(timer);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: text });
          });
        });
        req.on('error', () => undefined);
        req.write('{"requests": [');
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 403,
        message: 'Batch requests are not allowed.',
      });
    } finally {
      await t.app.settings.patch({ batch: { enabled: true } });
    }
  });
});
