/**
 * Realtime through the SDK (PocketBase's realtime API and its own tests of it): topic names echoed
 * exactly, rules applied per subscriber and per event, hidden fields, auth changes, and the
 * subscription POST's errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { RecordSubscription } from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';

const secrets = defineCollection({
  name: 'secrets',
  fields: [f.text('title'), f.text('code', { hidden: true })],
  listRule: '',
  viewRule: '',
});

async function until<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** Reads the first SSE frame of a raw connection. */
async function connectRaw(url: string): Promise<{ clientId: string; frame: string; abort: () => void }> {
  const ac = new AbortController();
  const res = await fetch(`${url}/api/realtime`, { signal: ac.signal });
  const reader = res.body!.getReader();
  let text = '';
  while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
  const clientId = /"clientId":"([^"]+)"/.exec(text)![1]!;
  return { clientId, frame: text, abort: () => ac.abort() };
}

async function post(url: string, body: unknown, token?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/realtime`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

describe.each(engines)('realtime (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine, collections: [...scenarioCollections, secrets] });
  });
  afterAll(() => t.close());

  it('connect frame and subscription errors', async () => {
    const conn = await connectRaw(t.url);
    try {
      expect(conn.clientId).toMatch(/^[A-Za-z0-9]{40}$/);
      expect(conn.frame).toBe(
        `id:${conn.clientId}\nevent:PB_CONNECT\ndata:{"clientId":"${conn.clientId}"}\n\n`,
      );
      const u1 = await t.user();
      const u2 = await t.user();
      expect((await post(t.url, { clientId: 'nope', subscriptions: [] })).status).toBe(404);
      const empty = await post(t.url, {});
      expect(empty.status).toBe(400);
      expect(empty.json.data.clientId.code).toBe('validation_required');
      const many = await post(t.url, {
        clientId: conn.clientId,
        subscriptions: Array.from({ length: 1001 }, (_, i) => `t${i}`),
      });
      expect(many.status).toBe(400);
      expect(many.json.data.subscriptions.code).toBe('validation_length_too_long');
      expect(
        (await post(t.url, { clientId: conn.clientId, subscriptions: ['pub/*'] }, u1.pb.authStore.token))
          .status,
      ).toBe(204);
      const other = await post(
        t.url,
        { clientId: conn.clientId, subscriptions: ['pub/*'] },
        u2.pb.authStore.token,
      );
      expect(other.status).toBe(403);
      expect(other.json).toMatchObject({ status: 403, data: {} });
      expect((await post(t.url, { clientId: conn.clientId, subscriptions: ['pub/*'] })).status).toBe(403);
    } finally {
      conn.abort();
    }
  });

  it('exact topic names, per-record topics with options, locked collections deliver nothing', async () => {
    const seed = await t.client().collection('pub').create({ title: 'watched' });
    const guest = t.client();
    const all: RecordSubscription[] = [];
    const one: RecordSubscription[] = [];
    const locked: RecordSubscription[] = [];
    await guest.collection('pub').subscribe('*', (e) => all.push(e));
    await guest.collection('pub').subscribe(seed.id, (e) => one.push(e), { fields: 'id' });
    await guest.collection('locked').subscribe('*', (e) => locked.push(e));

    const other = await t.client().collection('pub').create({ title: 'other one' });
    await t.client().collection('pub').update(seed.id, { title: 'watched 2' });
    await t.client().collection('pub').delete(seed.id);
    const su = await t.superuser();
    await su.collection('locked').create({ title: 'hidden from guests' });

    await until(() => (all.length >= 3 && one.length >= 2 ? true : undefined));
    await settle();
    expect(all.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(all[0]!.record.id).toBe(other.id);
    expect(all[1]!.record.title).toBe('watched 2');
    expect(all[2]!.record.id).toBe(seed.id);
    expect(one.map((e) => e.action)).toEqual(['update', 'delete']);
    expect(one[0]!.record).toEqual({ id: seed.id });
    expect(locked).toEqual([]);
    await guest.realtime.unsubscribe();
  });

  it("applies each subscriber's rights: owner, another user and a superuser see exactly what rules allow", async () => {
    const u1 = await t.user();
    const u2 = await t.user();
    const su = await t.superuser();
    const seen: Record<string, RecordSubscription[]> = { u1: [], u2: [], su: [], guest: [] };
    const guest = t.client();
    const subs: [PocketBase, string][] = [
      [u1.pb, 'u1'],
      [u2.pb, 'u2'],
      [su, 'su'],
      [guest, 'guest'],
    ];
    for (const [pb, name] of subs) await pb.collection('owned').subscribe('*', (e) => seen[name]!.push(e));
    const mine = await u1.pb.collection('owned').create({ title: 'u1 private', author: u1.id });
    const theirs = await u2.pb.collection('owned').create({ title: 'u2 private', author: u2.id });
    await until(() => (seen.u1!.length && seen.u2!.length && seen.su!.length >= 2 ? true : undefined));
    await settle();
    expect(seen.u1!.map((e) => e.record.id)).toEqual([mine.id]);
    expect(seen.u2!.map((e) => e.record.id)).toEqual([theirs.id]);
    expect(seen.su!.map((e) => e.record.id).sort()).toEqual([mine.id, theirs.id].sort());
    expect(seen.guest).toEqual([]);
    for (const [pb] of subs) await pb.realtime.unsubscribe();
  });

  it('hides hidden fields from non-superusers and honours filter options', async () => {
    const su = await t.superuser();
    const guest = t.client();
    const suSeen: RecordSubscription[] = [];
    const guestSeen: RecordSubscription[] = [];
    const filtered: RecordSubscription[] = [];
    await su.collection('secrets').subscribe('*', (e) => suSeen.push(e));
    await guest.collection('secrets').subscribe('*', (e) => guestSeen.push(e));
    await guest.collection('secrets').subscribe('*', (e) => filtered.push(e), { filter: 'title = "match"' });
    await su.collection('secrets').create({ title: 'match', code: 'xyz' });
    await su.collection('secrets').create({ title: 'nope', code: 'abc' });
    await until(() => (suSeen.length >= 2 && guestSeen.length >= 2 ? true : undefined));
    await settle();
    expect(suSeen[0]!.record.code).toBe('xyz');
    expect(guestSeen[0]!.record).not.toHaveProperty('code');
    expect(filtered.map((e) => e.record.title)).toEqual(['match']);
    await su.realtime.unsubscribe();
    await guest.realtime.unsubscribe();
  });

  it('drops the realtime auth of a user whose password changed', async () => {
    const u = await t.user();
    const seen: RecordSubscription[] = [];
    await u.pb.collection('owned').subscribe('*', (e) => seen.push(e));
    const su = await t.superuser();
    await su.collection('owned').create({ title: 'before', author: u.id });
    await until(() => (seen.length === 1 ? true : undefined));
    await su
      .collection('users')
      .update(u.id, { password: 'new-password-123', passwordConfirm: 'new-password-123' });
    await settle();
    await su.collection('owned').create({ title: 'after', author: u.id });
    await settle();
    expect(seen.map((e) => e.record.title)).toEqual(['before']);
    await u.pb.realtime.unsubscribe();
  });

  it('closes the connections of a user whose password changed, and only theirs', async () => {
    const u = await t.user();
    const other = await t.user();
    const open = async (token: string) => {
      const res = await fetch(`${t.url}/api/realtime`);
      const reader = res.body!.getReader();
      let text = '';
      while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
      const clientId = /"clientId":"([^"]+)"/.exec(text)![1]!;
      expect((await post(t.url, { clientId, subscriptions: ['owned'] }, token)).status).toBe(204);
      return { clientId, reader };
    };
    const mine = await open(u.pb.authStore.token);
    const theirs = await open(other.pb.authStore.token);
    const su = await t.superuser();
    await su
      .collection('users')
      .update(u.id, { password: 'new-password-123', passwordConfirm: 'new-password-123' });
    // The stream ends: the SDK reconnects, and its stale token then reads as a guest's.
    for (;;) if ((await mine.reader.read()).done) break;
    expect((await post(t.url, { clientId: mine.clientId, subscriptions: [] })).status).toBe(404);
    // Another user's connection is untouched and still takes subscriptions.
    expect(
      (await post(t.url, { clientId: theirs.clientId, subscriptions: [] }, other.pb.authStore.token)).status,
    ).toBe(204);
    await theirs.reader.cancel();
  });
});

// Only meaningful with PostgreSQL (SQLite runs one process); defined only when it is available.
if (engines.includes('postgres'))
  describe('realtime across processes (postgres)', () => {
    it('delivers a change made through one server to a subscriber of another', async () => {
      const a = await startServer({ engine: 'postgres', collections: scenarioCollections });
      const b = await startServer({
        engine: 'postgres',
        collections: scenarioCollections,
        shareSchemaWith: a,
      });
      try {
        const seen: RecordSubscription[] = [];
        await b
          .client()
          .collection('pub')
          .subscribe('*', (e) => seen.push(e));
        const rec = await a.client().collection('pub').create({ title: 'cross-process' });
        await until(() => (seen.length ? true : undefined));
        expect(seen[0]).toMatchObject({ action: 'create', record: { id: rec.id, title: 'cross-process' } });
      } finally {
        await b.close();
        await a.close();
      }
    });
  });
