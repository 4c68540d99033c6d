/**
 * A list request's filter and sort are compiled through the rule memo (core/records/client-expression.ts):
 * the same text for the same kind of caller reuses the compiled SQL; any other text, caller kind,
 * request value read or collection definition compiles afresh; a filter that does not compile is a
 * 400 every time. Rows go straight to record JSON (core/records/row-shaper.ts) with the same keys,
 * order and values as decoding then serialising.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import type { Db } from '../../src/core/db/db.js';
import { clientFilter, clientSort } from '../../src/core/records/client-expression.js';
import type { Caller } from '../../src/core/records/caller.js';
import { decodeRow } from '../../src/core/records/codec.js';
import { plainRecordJson } from '../../src/core/records/row-shaper.js';
import { serializeRecord } from '../../src/core/records/serialize.js';
import { defineCollection } from '../../src/core/schema/collection.js';
import { f } from '../../src/core/schema/fields.js';
import { CollectionRegistry } from '../../src/core/schema/registry.js';
import { users as usersCollection } from '../../src/core/collections/users.js';
import { superusers as superusersCollection } from '../../src/core/collections/superusers.js';
import { engines, startServer, type TestServer } from '../support/harness.js';

const itemsDef = {
  name: 'memo_items',
  fields: [
    f.text('title'),
    f.number('score'),
    f.bool('done'),
    f.json('meta'),
    f.select('tags', ['a', 'b', 'c'], { maxSelect: 3 }),
    f.relation('owner', 'users'),
    f.text('secret', { hidden: true }),
  ],
  listRule: '',
  viewRule: '',
};
const items = defineCollection(itemsDef);

function setup(collection = items) {
  const registry = new CollectionRegistry([usersCollection, superusersCollection, collection]);
  const db = { dialect: 'sqlite' } as Db;
  const users = registry.require('users');
  const supers = registry.require('_superusers');
  const caller = (id: string | null, superuser = false): Caller => ({
    auth: id
      ? { collection: superuser ? supers : users, record: { id }, refreshable: true, token: '' }
      : null,
    method: 'GET',
    headers: {},
    query: {},
    context: 'default',
  });
  const target = (c: Caller, superuser = false) => ({
    db,
    registry,
    collection: registry.require(collection.name),
    caller: c,
    superuser,
  });
  return { caller, target };
}

describe('list filter and sort memo', () => {
  it('reuses a compilation for the same text and caller kind, and compiles any other text afresh', () => {
    const { caller, target } = setup();
    const a = target(caller('aaaaaaaaaaaaaaa'));
    const b = target(caller('bbbbbbbbbbbbbbb'));
    const first = clientFilter(a, 'score > 5 && done = true');
    expect(clientFilter(b, 'score > 5 && done = true')).toBe(first);
    const other = clientFilter(a, 'score > 6 && done = true');
    expect(other).not.toBe(first);
    expect(other.params).toContain(6);
    const sort = clientSort(a, '-score,id');
    expect(clientSort(b, '-score,id')).toBe(sort);
    expect(clientSort(a, 'score,id').sql).not.toBe(sort.sql);
  });

  it('keeps a superuser compilation apart: only a superuser may filter by a hidden field', () => {
    const { caller, target } = setup();
    const su = clientFilter(target(caller('sssssssssssssss', true), true), "secret = 'x'");
    expect(su.params).toEqual(['x']);
    expect(() => clientFilter(target(caller('aaaaaaaaaaaaaaa')), "secret = 'x'")).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => clientSort(target(caller('aaaaaaaaaaaaaaa')), 'secret')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(clientSort(target(caller('sssssssssssssss', true), true), 'secret').sql).toContain('secret');
  });

  it("keys a superuser's filter on the request values it reads", () => {
    const { caller, target } = setup();
    const filter = 'owner = @request.auth.id';
    const one = clientFilter(target(caller('sssssssssssssss', true), true), filter);
    const again = clientFilter(target(caller('sssssssssssssss', true), true), filter);
    const two = clientFilter(target(caller('ttttttttttttttt', true), true), filter);
    expect(again).toBe(one);
    expect(one.params).toEqual(['sssssssssssssss']);
    expect(two.params).toEqual(['ttttttttttttttt']);
  });

  it('never keeps a filter that reads the clock', () => {
    const { caller, target } = setup();
    const t = target(caller('aaaaaaaaaaaaaaa'));
    expect(clientFilter(t, 'title != @now')).not.toBe(clientFilter(t, 'title != @now'));
  });

  it('compiles against another definition of the collection afresh', () => {
    const renamed = defineCollection({ ...itemsDef, fields: [f.text('title'), f.number('points', {})] });
    const before = setup();
    const after = setup(renamed);
    const c = after.caller('aaaaaaaaaaaaaaa');
    expect(clientFilter(before.target(before.caller('aaaaaaaaaaaaaaa')), 'score > 1').sql).toContain('score');
    expect(() => clientFilter(after.target(c), 'score > 1')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(clientFilter(after.target(c), 'points > 1').sql).toContain('points');
  });

  it('throws for a bad filter every time (nothing is kept for it)', () => {
    const { caller, target } = setup();
    const t = target(caller('aaaaaaaaaaaaaaa'));
    for (let i = 0; i < 3; i++) {
      expect(() => clientFilter(t, 'score >')).toThrow(expect.objectContaining({ status: 400 }));
      expect(() => clientSort(t, 'nope')).toThrow(expect.objectContaining({ status: 400 }));
    }
  });
});

describe('row shaper', () => {
  const rows = [
    {
      id: 'r1',
      title: 't',
      score: 2.5,
      done: 1,
      meta: '{"a":[1]}',
      tags: '["a","b"]',
      owner: 'u1',
      secret: 's',
    },
    { id: 'r2', title: null, score: null, done: 0, meta: null, tags: null, owner: null, secret: null },
    { id: 'r3', title: 7, score: '3', done: '1', meta: 'not json', tags: 'nope', owner: '', secret: '' },
  ];

  it('gives the same JSON as decoding then serialising, for a superuser and not', () => {
    for (const row of rows)
      for (const showHidden of [false, true]) {
        const expected = JSON.stringify(serializeRecord(items, decodeRow(items, row), { showHidden }));
        expect(JSON.stringify(plainRecordJson(items, row, showHidden))).toBe(expected);
      }
    expect(plainRecordJson(items, rows[0]!, false)).not.toHaveProperty('secret');
    expect(plainRecordJson(items, rows[0]!, true)).toHaveProperty('secret', 's');
  });

  it('gives every record its own empty array', () => {
    const a = plainRecordJson(items, rows[1]!, false);
    const b = plainRecordJson(items, rows[1]!, false);
    expect(a.tags).toEqual([]);
    expect(a.tags).not.toBe(b.tags);
  });
});

describe.each(engines)('list filter memo over HTTP (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  beforeAll(async () => {
    t = await startServer({ engine, collections: [items] });
    su = await t.superuser();
    for (let i = 0; i < 5; i++) await su.collection('memo_items').create({ title: `n${i}`, score: i });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers each filter with its own rows and a bad filter with a 400 every time', async () => {
    const a = await t.user();
    const list = (filter: string, sort = '-score') =>
      a.pb.collection('memo_items').getList(1, 30, { filter, sort });
    expect((await list('score > 2')).items.map((r) => r.score)).toEqual([4, 3]);
    expect((await list('score > 2')).items.map((r) => r.score)).toEqual([4, 3]);
    expect((await list('score > 3')).items.map((r) => r.score)).toEqual([4]);
    expect((await list('score > 2', 'score')).items.map((r) => r.score)).toEqual([3, 4]);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(
        `${t.url}/api/collections/memo_items/records?filter=${encodeURIComponent('score >')}`,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        status: 400,
        message: expect.any(String),
        data: {},
      });
    }
  });

  it('sees a new row on the next request with the same filter', async () => {
    const a = await t.user();
    const count = async () =>
      (await a.pb.collection('memo_items').getList(1, 30, { filter: 'score >= 10' })).totalItems;
    expect(await count()).toBe(0);
    await su.collection('memo_items').create({ title: 'new', score: 10 });
    expect(await count()).toBe(1);
  });
});
