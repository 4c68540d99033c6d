/**
 * The view and list paths keep compiled rules between requests (core/records/rule-memo.ts) and the
 * view reads record and rule in one SELECT. Nothing that decides access may be kept: a revoked
 * token, an edited rule, a changed record or a changed auth record takes effect on the very next
 * request and the very next realtime event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import type { CollectionDef } from '../../src/core/schema/collection.js';

const OWNER_RULE = 'author = @request.auth.id';

const notes = defineCollection({
  name: 'fresh_notes',
  fields: [f.text('title'), f.relation('author', 'users')],
  listRule: OWNER_RULE,
  viewRule: OWNER_RULE,
});

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    return (err as { status: number }).status;
  }
}

/** Polls until `read()` is `want` (bounded), then returns what it last saw. */
async function eventually<T>(read: () => T, want: T, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  while (read() !== want && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return read();
}

describe.each(engines)('removed work never keeps access decisions (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let col: CollectionDef;
  beforeAll(async () => {
    t = await startServer({ engine, collections: [notes] });
    su = await t.superuser();
    col = t.app.registry.require('fresh_notes');
  });
  afterAll(async () => {
    col.viewRule = OWNER_RULE;
    col.listRule = OWNER_RULE;
    await t.close();
  });

  const view = (pb: PocketBase, id: string) => status(pb.collection('fresh_notes').getOne(id));
  const listed = async (pb: PocketBase) => (await pb.collection('fresh_notes').getList(1, 30)).totalItems;

  it('a token revoked by a tokenKey change is refused on the next request', async () => {
    const a = await t.user();
    const note = await su.collection('fresh_notes').create({ title: 'n', author: a.id });
    expect(await view(a.pb, note.id)).toBe(200);
    expect(await listed(a.pb)).toBe(1);
    // A password change rotates the tokenKey: every token issued before is dead.
    await su
      .collection('users')
      .update(a.id, { password: 'another-pass-123', passwordConfirm: 'another-pass-123' });
    expect(await view(a.pb, note.id)).toBe(404);
    expect(await listed(a.pb)).toBe(0);
  });

  it('a record change is seen by the next request', async () => {
    const a = await t.user();
    const b = await t.user();
    const note = await su.collection('fresh_notes').create({ title: 'n', author: a.id });
    expect(await view(a.pb, note.id)).toBe(200);
    expect(await view(b.pb, note.id)).toBe(404);
    await su.collection('fresh_notes').update(note.id, { author: b.id });
    expect(await view(a.pb, note.id)).toBe(404);
    expect(await view(b.pb, note.id)).toBe(200);
    await su.collection('fresh_notes').delete(note.id);
    expect(await view(b.pb, note.id)).toBe(404);
  });

  it('a rule edit takes effect on the next request, and back again', async () => {
    const a = await t.user();
    const b = await t.user();
    const note = await su.collection('fresh_notes').create({ title: 'open', author: a.id });
    expect(await view(b.pb, note.id)).toBe(404);
    col.viewRule = "title = 'open' && @request.auth.id != ''";
    col.listRule = "title = 'open' && @request.auth.id != ''";
    try {
      expect(await view(b.pb, note.id)).toBe(200);
      expect(await view(t.client(), note.id)).toBe(404);
      expect(await listed(b.pb)).toBeGreaterThanOrEqual(1);
      col.viewRule = null;
      expect(await view(a.pb, note.id)).toBe(403);
    } finally {
      col.viewRule = OWNER_RULE;
      col.listRule = OWNER_RULE;
    }
    expect(await view(b.pb, note.id)).toBe(404);
    expect(await view(a.pb, note.id)).toBe(200);
  });

  it('a change of the auth record a rule reads is seen by the next request', async () => {
    const a = await t.user({ name: 'before' });
    const note = await su.collection('fresh_notes').create({ title: 'n', author: a.id });
    col.viewRule = "author = @request.auth.id && @request.auth.name = 'before'";
    try {
      expect(await view(a.pb, note.id)).toBe(200);
      await su.collection('users').update(a.id, { name: 'after' });
      expect(await view(a.pb, note.id)).toBe(404);
      await su.collection('users').update(a.id, { name: 'before' });
      expect(await view(a.pb, note.id)).toBe(200);
    } finally {
      col.viewRule = OWNER_RULE;
    }
  });

  it('the next realtime event follows an edited rule and a changed record', async () => {
    const a = await t.user();
    const b = await t.user();
    const seen: string[] = [];
    await b.pb.collection('fresh_notes').subscribe('*', (e) => seen.push(String(e.record.title)));
    try {
      const note = await su.collection('fresh_notes').create({ title: 'first', author: a.id });
      // Not b's: nothing arrives. The next write, after the author changes to b, does.
      await su.collection('fresh_notes').update(note.id, { title: 'second', author: b.id });
      expect(await eventually(() => seen.length, 1)).toBe(1);
      expect(seen).toEqual(['second']);
      await su.collection('fresh_notes').update(note.id, { title: 'third', author: a.id });
      // The list rule now lets every signed-in user see every note: the next event arrives.
      col.listRule = "@request.auth.id != ''";
      await su.collection('fresh_notes').update(note.id, { title: 'fourth' });
      expect(await eventually(() => seen.length, 2)).toBe(2);
      col.listRule = OWNER_RULE;
      await su.collection('fresh_notes').update(note.id, { title: 'fifth' });
      // A marker b may see proves the fifth was decided (and refused) before it.
      await su.collection('fresh_notes').create({ title: 'marker', author: b.id });
      expect(await eventually(() => seen.length, 3)).toBe(3);
      expect(seen).toEqual(['second', 'fourth', 'marker']);
    } finally {
      col.listRule = OWNER_RULE;
      await b.pb.collection('fresh_notes').unsubscribe();
    }
  });
});
