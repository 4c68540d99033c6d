/**
 * Batch through the SDK (PocketBase's batch API): all-or-nothing, limits, rules, upsert, events
 * after commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientResponseError, RecordSubscription } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';

const fail = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: ClientResponseError) => e,
  );

describe.each(engines)('batch (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
  });
  afterAll(() => t.close());

  const count = async () => (await t.client().collection('pub').getList(1, 1)).totalItems;

  it('is refused while disabled (the default)', async () => {
    const batch = t.client().createBatch();
    batch.collection('pub').create({ title: 'nope' });
    const err = await fail(batch.send());
    expect(err.status).toBe(403);
    expect(err.response.message).toBe('Batch requests are not allowed.');
  });

  it('limits, a failing third item rolls back, then a mixed success', async () => {
    const su = await t.superuser();
    await su.settings.update({ batch: { enabled: true, maxRequests: 2 } });
    const tooMany = t.client().createBatch();
    for (const title of ['b1-a', 'b1-b', 'b1-c']) tooMany.collection('pub').create({ title });
    const e1 = await fail(tooMany.send());
    expect(e1.status).toBe(400);
    expect(e1.response.data.requests.code).toBe('validation_length_too_long');

    await su.settings.update({ batch: { maxRequests: 50 } });
    const before = await count();
    const failing = t.client().createBatch();
    failing.collection('pub').create({ title: 'b2-one' });
    failing.collection('pub').create({ title: 'b2-two' });
    failing.collection('pub').create({ title: '' });
    const e2 = await fail(failing.send());
    expect(e2.status).toBe(400);
    expect(e2.response.message).toBe('Batch transaction failed.');
    expect(e2.response.data.requests['2'].code).toBe('batch_request_failed');
    expect(e2.response.data.requests['2'].response.data.title.code).toBe('validation_required');
    expect(await count()).toBe(before);

    const existing = await t.client().collection('pub').create({ title: 'b3-existing' });
    const doomed = await t.client().collection('pub').create({ title: 'b3-doomed' });
    const ok = t.client().createBatch();
    ok.collection('pub').create({ title: 'b3-new' });
    ok.collection('pub').upsert({ id: existing.id, title: 'b3-upserted' });
    ok.collection('pub').delete(doomed.id);
    const res = await ok.send();
    expect(res.map((r) => r.status)).toEqual([200, 200, 204]);
    expect(res[0]!.body.title).toBe('b3-new');
    expect(res[1]!.body).toMatchObject({ id: existing.id, title: 'b3-upserted' });
    expect(res[2]!.body).toBeNull();
    await expect(t.client().collection('pub').getOne(doomed.id)).rejects.toMatchObject({ status: 404 });
  });

  it("applies each item's rules with the outer auth", async () => {
    const u = await t.user();
    const guestBatch = t.client().createBatch();
    guestBatch.collection('owned').create({ title: 'guest try', author: u.id });
    const e = await fail(guestBatch.send());
    expect(e.response.data.requests['0'].response).toMatchObject({
      status: 400,
      message: 'Failed to create record.',
    });
    const userBatch = u.pb.createBatch();
    userBatch.collection('owned').create({ title: 'mine', author: u.id });
    const [r] = await userBatch.send();
    expect(r!.body.author).toBe(u.id);
  });

  it('expands inside the transaction and sends realtime events only after commit', async () => {
    const seen: RecordSubscription[] = [];
    const watcher = t.client();
    await watcher.collection('pub').subscribe('*', (ev) => seen.push(ev));
    const target = await t.client().collection('pub').create({ title: 'b4-target' });
    const su = await t.superuser();
    const b = su.createBatch();
    b.collection('locked').create({ title: 'b4', rel_one: target.id }, { expand: 'rel_one' });
    const [res] = await b.send();
    expect(res!.body.expand.rel_one.id).toBe(target.id);

    const failing = t.client().createBatch();
    failing.collection('pub').create({ title: 'b4-rolled-back' });
    failing.collection('pub').create({ title: 'x' });
    await fail(failing.send());
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.map((ev) => ev.record.title)).toEqual(['b4-target']);
    await watcher.realtime.unsubscribe();
  });

  it('answers a malformed envelope and unsupported actions with 400s', async () => {
    const res = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ method: 'TRACE', url: '' }] }),
    });
    const json = (await res.json()) as any;
    expect(res.status).toBe(400);
    expect(json.data.requests['0'].method.code).toBe('validation_in_invalid');
    expect(json.data.requests['0'].url.code).toBe('validation_required');
    const odd = await fetch(`${t.url}/api/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ method: 'GET', url: '/api/health' }] }),
    });
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as any).data.requests['0'].response.status).toBe(404);
  });
});
