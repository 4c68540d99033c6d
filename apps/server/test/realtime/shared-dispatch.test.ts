/**
 * Subscribers of one event share rule checks and serialised messages only where the answer is the
 * same: one user's tabs with different `fields`, guests next to users, superusers next to users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

const notes = defineCollection({
  name: 'shared_notes',
  fields: [f.text('title'), f.text('code', { hidden: true })],
  listRule: '',
  viewRule: '',
});

const settle = () => new Promise((r) => setTimeout(r, 400));

describe.each(engines)('realtime shared dispatch (%s)', (engine) => {
  let t: TestServer;
  const clients: PocketBase[] = [];
  beforeAll(async () => {
    t = await startServer({ engine, collections: [...scenarioCollections, notes] });
  });
  afterAll(async () => {
    for (const pb of clients) await pb.realtime.unsubscribe().catch(() => undefined);
    await t.close();
  });

  /** Subscribes `pb` to `topic` and returns the records it receives. */
  async function watch(pb: PocketBase, collection: string, opts: Record<string, string> = {}) {
    clients.push(pb);
    const seen: Record<string, unknown>[] = [];
    await pb.collection(collection).subscribe('*', (e) => seen.push(e.record), opts);
    return seen;
  }

  it('applies each auth record its own rule result and each option set its own shape', async () => {
    const u1 = await t.user();
    const u2 = await t.user();
    // u1 in two tabs (a second SDK client with the same token), with different fields.
    const u1tab = t.client();
    u1tab.authStore.save(u1.pb.authStore.token, u1.pb.authStore.record);
    const full = await watch(u1.pb, 'owned');
    const slim = await watch(u1tab, 'owned', { fields: 'id,title' });
    const other = await watch(u2.pb, 'owned');
    const guest1 = await watch(t.client(), 'owned');
    const guest2 = await watch(t.client(), 'owned');

    await u1.pb.collection('owned').create({ title: 'mine', author: u1.id });
    await settle();
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ title: 'mine', author: u1.id });
    expect(slim).toEqual([{ id: full[0]!.id, title: 'mine' }]);
    expect(other).toEqual([]);
    expect(guest1).toEqual([]);
    expect(guest2).toEqual([]);

    await u2.pb.collection('owned').create({ title: 'theirs', author: u2.id });
    await settle();
    expect(other.map((r) => r.title)).toEqual(['theirs']);
    expect(full).toHaveLength(1);
  });

  it('guests share one message; a superuser still gets hidden fields', async () => {
    const su = await t.superuser();
    const g1 = await watch(t.client(), 'shared_notes');
    const g2 = await watch(t.client(), 'shared_notes', { fields: 'title' });
    const admin = await watch(su, 'shared_notes');
    const user = await watch((await t.user()).pb, 'shared_notes');
    await su.collection('shared_notes').create({ title: 'note', code: 's3cret' });
    await settle();
    expect(g1).toHaveLength(1);
    expect(g1[0]!.title).toBe('note');
    expect(g1[0]!.code).toBeUndefined();
    expect(g2).toEqual([{ title: 'note' }]);
    expect(user[0]!.code).toBeUndefined();
    expect(admin[0]!.code).toBe('s3cret');
  });
});
