/**
 * Records API contract (PocketBase's records API and the scenarios of its own tests), driven
 * through the official SDK; plain fetch only for wire details the SDK hides.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { codeOf, jsonHeaders, MSG, PB_DATE, raw, RECORD_ID, rejects } from './helpers.js';
import { expectErrorBody } from '../support/errors.js';

type User = Awaited<ReturnType<TestServer['user']>>;

const ids = (items: RecordModel[]) => items.map((r) => r.id);

describe.each(engines)('records API (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let guest: PocketBase;
  let u1: User;
  let u2: User;
  // pub rows referenced by the locked rows
  let p1: RecordModel;
  let p2: RecordModel;
  let p3: RecordModel;
  // locked rows: L1 → rel_one p1, rel_many [p1, p2]; L2 → rel_one p2; L3 → no relations
  let l1: RecordModel;
  let l2: RecordModel;
  let l3: RecordModel;
  let ownedByU1: RecordModel;
  // filter fixtures
  let fOne: RecordModel;
  let fTwo: RecordModel;
  let fThree: RecordModel;

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    su = await t.superuser();
    guest = t.client();
    u1 = await t.user();
    u2 = await t.user();
    p1 = await guest.collection('pub').create({ title: 'relp1', total: 1 });
    p2 = await guest.collection('pub').create({ title: 'relp2', total: 2 });
    p3 = await guest.collection('pub').create({ title: 'relp3', total: 3 });
    l1 = await su.collection('locked').create({ title: 'L1', rel_one: p1.id, rel_many: [p1.id, p2.id] });
    l2 = await su.collection('locked').create({ title: 'L2', rel_one: p2.id });
    l3 = await su.collection('locked').create({ title: 'L3' });
    ownedByU1 = await u1.pb.collection('owned').create({ title: 'o1', author: u1.id });
    fOne = await guest.collection('pub').create({ title: 'fltr-one', total: 1, active: true, tags: ['a'] });
    fTwo = await guest
      .collection('pub')
      .create({ title: 'fltr-two', total: 2, active: false, tags: ['a', 'b'] });
    fThree = await guest
      .collection('pub')
      .create({ title: 'fltr-three', total: 3, active: true, tags: ['c'] });
  });
  afterAll(() => t?.close());

  describe('PocketBase acceptance scenarios', () => {
    it('#1 an unknown collection is 404 "Missing collection context." with data {}', async () => {
      const data = await rejects(guest.collection('nope').getList(), 404, MSG.missingCollection);
      expect(data).toEqual({});
    });

    it('#2 listing a locked collection is 403 for a guest and for a user', async () => {
      expect(await rejects(guest.collection('locked').getList(), 403, MSG.superusersOnly)).toEqual({});
      expect(await rejects(u1.pb.collection('locked').getList(), 403, MSG.superusersOnly)).toEqual({});
    });

    it('#3 a superuser lists a locked collection with a correct envelope', async () => {
      const list = await su.collection('locked').getList();
      expect(list.page).toBe(1);
      expect(list.perPage).toBe(30);
      expect(list.totalItems).toBe(3);
      expect(list.totalPages).toBe(1);
      expect(list.items).toHaveLength(3);
      expect(list.items[0]!.collectionName).toBe('locked');
      expect(new Set(ids(list.items))).toEqual(new Set([l1.id, l2.id, l3.id]));
    });

    it('#4 @collection. in a guest filter and @request. in a guest sort are 403 with data {}', async () => {
      const f = await rejects(
        guest.collection('pub').getList(1, 30, { filter: "@collection.pub.title='x'" }),
        403,
        'Only superusers can filter by @collection.',
      );
      expect(f).toEqual({});
      const s = await rejects(
        guest.collection('pub').getList(1, 30, { sort: '@request.auth.id' }),
        403,
        'Only superusers can filter by @request.',
      );
      expect(s).toEqual({});
    });

    it('#5 an unknown field in a superuser filter is 400 with data {}', async () => {
      const data = await rejects(
        su.collection('locked').getList(1, 30, { filter: "nosuchfield~'x'" }),
        400,
        MSG.generic400,
      );
      expect(data).toEqual({});
    });

    it('#6 a user who owns no rows lists owned as 200 with no items (not 403)', async () => {
      const list = await u2.pb.collection('owned').getList();
      expect(list.items).toEqual([]);
      expect(list.totalItems).toBe(0);
      expect(list.totalPages).toBe(0);
    });

    it('#7 perPage=2&skipTotal=1; perPage=5000 clamps to 1000; page=abc is 400', async () => {
      const small = await guest.collection('pub').getList(1, 2, { query: { skipTotal: 1 } });
      expect(small.perPage).toBe(2);
      expect(small.totalItems).toBe(-1);
      expect(small.totalPages).toBe(-1);
      expect(small.items).toHaveLength(2);

      const big = await guest.collection('pub').getList(1, 5000);
      expect(big.perPage).toBe(1000);
      expect(big.totalItems).toBe(big.items.length);

      await rejects(guest.collection('pub').getList(1, 30, { query: { page: 'abc' } }), 400);
    });

    it('#8 expand=rel_one,rel_many,missing gives an object, an array and no "missing"', async () => {
      const list = await su.collection('locked').getList(1, 30, { expand: 'rel_one,rel_many,missing' });
      for (const item of list.items) {
        expect(item.expand, `item ${item.title as string} has expand`).toBeTypeOf('object');
        expect(item.expand).not.toHaveProperty('missing');
      }
      const one = list.items.find((i) => i.id === l1.id)!;
      expect(Array.isArray(one.expand!.rel_one)).toBe(false);
      expect(one.expand!.rel_one).toMatchObject({ id: p1.id, title: 'relp1', collectionName: 'pub' });
      expect(Array.isArray(one.expand!.rel_many)).toBe(true);
      expect(ids(one.expand!.rel_many as RecordModel[])).toEqual([p1.id, p2.id]);
      const two = list.items.find((i) => i.id === l2.id)!;
      expect(two.expand!.rel_one).toMatchObject({ id: p2.id });
      expect(list.items.find((i) => i.id === l3.id)!.expand).toEqual({});
    });

    it("#9 another user's owned row is 404 (not 403)", async () => {
      await rejects(u2.pb.collection('owned').getOne(ownedByU1.id), 404, MSG.notFound);
    });

    it('#10 viewing a locked record: 403 for a guest, 200 for a superuser', async () => {
      await rejects(guest.collection('locked').getOne(l1.id), 403, MSG.superusersOnly);
      const got = await su.collection('locked').getOne(l1.id);
      expect(got).toMatchObject({
        id: l1.id,
        title: 'L1',
        collectionName: 'locked',
        rel_one: p1.id,
        rel_many: [p1.id, p2.id],
      });
    });

    it('#11 a malformed JSON body is 400 with data {}', async () => {
      const res = await raw(t.url, '/api/collections/pub/records', {
        method: 'POST',
        headers: jsonHeaders(),
        body: '{"',
      });
      expect(res.status).toBe(400);
      expect(expectErrorBody(res.json, 400)).toEqual({});
    });

    it('#12 an empty body is 400 with data.title validation_required', async () => {
      const asJson = await raw(t.url, '/api/collections/pub/records', {
        method: 'POST',
        headers: jsonHeaders(),
      });
      expect(asJson.status).toBe(400);
      expect(codeOf(expectErrorBody(asJson.json, 400, MSG.failedCreate), 'title')).toBe(
        'validation_required',
      );
      const bare = await raw(t.url, '/api/collections/pub/records', { method: 'POST' });
      expect(bare.status).toBe(400);
      expect(codeOf(expectErrorBody(bare.json, 400), 'title')).toBe('validation_required');
    });

    it('#13 creating a user from {} requires password and passwordConfirm', async () => {
      const data = await rejects(guest.collection('users').create({}), 400, MSG.failedCreate);
      expect(codeOf(data, 'password')).toBe('validation_required');
      expect(codeOf(data, 'passwordConfirm')).toBe('validation_required');
    });

    it('#14 a guest creates a pub record: 200 with the full record shape', async () => {
      const rec = await guest.collection('pub').create({ title: 'new' });
      expect(rec.id).toMatch(RECORD_ID);
      expect(rec).toMatchObject({ title: 'new', active: false, total: 0, tags: [], collectionName: 'pub' });
      expect(rec.collectionId).toMatch(/^pbc_\d+$/);
      expect(rec.created).toMatch(PB_DATE);
      expect(rec.updated).toMatch(PB_DATE);
      expect(rec).not.toHaveProperty('expand');
      // and it is really stored
      expect(await guest.collection('pub').getOne(rec.id)).toEqual(rec);
    });

    it('#15 a guest cannot create an owned record: 400 "Failed to create record." with data {}', async () => {
      const data = await rejects(guest.collection('owned').create({ title: 'x1' }), 400, MSG.failedCreate);
      expect(data).toEqual({});
      expect((await su.collection('owned').getList(1, 30, { filter: 'title = "x1"' })).totalItems).toBe(0);
    });

    it('#16 a duplicate unique title is 400 validation_not_unique', async () => {
      const data = await rejects(guest.collection('pub').create({ title: 'relp1' }), 400, MSG.failedCreate);
      expect(codeOf(data, 'title')).toBe('validation_not_unique');
    });

    it('#17 custom ids: 14 chars and 16 chars are refused, 15 chars are echoed', async () => {
      const short = await rejects(su.collection('pub').create({ id: 'a'.repeat(14), title: 'id14' }), 400);
      expect(codeOf(short, 'id')).toBe('validation_min_text_constraint');
      const long = await rejects(su.collection('pub').create({ id: 'b'.repeat(16), title: 'id16' }), 400);
      expect(codeOf(long, 'id')).toBe('validation_max_text_constraint');
      const ok = await su.collection('pub').create({ id: 'custom000000015', title: 'id15' });
      expect(ok.id).toBe('custom000000015');
      expect((await guest.collection('pub').getOne('custom000000015')).title).toBe('id15');
    });

    it('#18 a guest may not create a verified user', async () => {
      const data = await rejects(
        guest
          .collection('users')
          .create({ password: '12345678', passwordConfirm: '12345678', verified: true }),
        400,
      );
      expect(data).toHaveProperty('verified');
    });

    it('#19 passwordConfirm must equal password', async () => {
      const data = await rejects(
        guest
          .collection('users')
          .create({ email: 'mismatch@example.com', password: '12345678', passwordConfirm: '87654321' }),
        400,
      );
      expect(codeOf(data, 'passwordConfirm')).toBe('validation_values_mismatch');
    });

    it('#22 PATCH with an empty body and with {} returns the unchanged record', async () => {
      const rec = await guest.collection('pub').create({ title: 'patch-empty', total: 5, tags: ['a'] });
      const { updated: _u, ...stable } = rec;
      const empty = await raw(t.url, `/api/collections/pub/records/${rec.id}`, {
        method: 'PATCH',
        headers: jsonHeaders(),
      });
      expect(empty.status).toBe(200);
      expect(empty.json).toMatchObject(stable);
      expect(Object.keys(empty.json as object).sort()).toEqual(Object.keys(rec).sort());
      const viaSdk = await guest.collection('pub').update(rec.id, {});
      expect(viaSdk).toMatchObject(stable);
      expect(Object.keys(viaSdk).sort()).toEqual(Object.keys(rec).sort());
    });

    it('#23 changing the id on update is 400 validation_pk_change', async () => {
      const data = await rejects(su.collection('pub').update(p3.id, { id: 'aaaaaaaaaaaaaaa' }), 400);
      expect(codeOf(data, 'id')).toBe('validation_pk_change');
      expect((await guest.collection('pub').getOne(p3.id)).id).toBe(p3.id);
    });

    it('#26 DELETE answers 204 with an empty body; the record is then 404', async () => {
      const rec = await guest.collection('pub').create({ title: 'delete-me' });
      const res = await raw(t.url, `/api/collections/pub/records/${rec.id}`, {
        method: 'DELETE',
        headers: jsonHeaders(),
      });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      await rejects(guest.collection('pub').getOne(rec.id), 404, MSG.notFound);

      const viaSdk = await guest.collection('pub').create({ title: 'delete-me-too' });
      expect(await guest.collection('pub').delete(viaSdk.id)).toBe(true);
      await rejects(guest.collection('pub').getOne(viaSdk.id), 404);
      await rejects(guest.collection('pub').delete(viaSdk.id), 404);
    });

    it('#27 deleting a record a required relation still references is 400 with data {}', async () => {
      const target = await guest.collection('pub').create({ title: 'pinned-target' });
      await guest.collection('pinned').create({ target: target.id });
      const data = await rejects(
        su.collection('pub').delete(target.id),
        400,
        'Failed to delete record. Make sure that the record is not part of a required relation reference.',
      );
      expect(data).toEqual({});
      expect((await guest.collection('pub').getOne(target.id)).id).toBe(target.id);
    });
  });

  describe('list parameters', () => {
    it('echoes the default page and perPage', async () => {
      const res = await raw(t.url, '/api/collections/pub/records', { headers: jsonHeaders() });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json as object)).toEqual([
        'items',
        'page',
        'perPage',
        'totalItems',
        'totalPages',
      ]);
      expect(res.json).toMatchObject({ page: 1, perPage: 30 });
    });

    it('normalises page and perPage ≤ 0 and keeps perPage 1000', async () => {
      expect(await guest.collection('pub').getList(0, 0)).toMatchObject({ page: 1, perPage: 30 });
      expect(await guest.collection('pub').getList(-3, -5)).toMatchObject({ page: 1, perPage: 30 });
      expect((await guest.collection('pub').getList(1, 1000)).perPage).toBe(1000);
      expect((await guest.collection('pub').getList(1, 1001)).perPage).toBe(1000);
    });

    it('totals follow perPage, and pages past the end are empty', async () => {
      const all = await guest.collection('pub').getList(1, 1000);
      const list = await guest.collection('pub').getList(2, 3);
      expect(list.totalItems).toBe(all.totalItems);
      expect(list.totalPages).toBe(Math.ceil(all.totalItems / 3));
      expect(list.items).toHaveLength(3);
      const past = await guest.collection('pub').getList(999, 3);
      expect(past.items).toEqual([]);
      expect(past.page).toBe(999);
    });

    it('skipTotal accepts Go booleans and refuses other values', async () => {
      expect((await guest.collection('pub').getList(1, 5, { skipTotal: true })).totalItems).toBe(-1);
      expect((await guest.collection('pub').getList(1, 5, { query: { skipTotal: 't' } })).totalPages).toBe(
        -1,
      );
      expect(
        (await guest.collection('pub').getList(1, 5, { query: { skipTotal: 'false' } })).totalItems,
      ).toBeGreaterThan(0);
      expect(
        (await guest.collection('pub').getList(1, 5, { query: { skipTotal: '0' } })).totalItems,
      ).toBeGreaterThan(0);
      await rejects(guest.collection('pub').getList(1, 5, { query: { skipTotal: 'maybe' } }), 400);
      await rejects(guest.collection('pub').getList(1, 30, { query: { perPage: 'many' } }), 400);
    });
  });

  describe('sort', () => {
    let a: RecordModel;
    let b: RecordModel;
    let c: RecordModel;
    const filter = 'title ~ "sortx-"';
    beforeAll(async () => {
      a = await guest.collection('pub').create({ title: 'sortx-a', total: 2 });
      b = await guest.collection('pub').create({ title: 'sortx-b', total: 1 });
      c = await guest.collection('pub').create({ title: 'sortx-c', total: 2 });
    });
    const sorted = async (sort: string) => ids(await guest.collection('pub').getFullList({ filter, sort }));

    it('sorts ascending by default and with +, descending with -', async () => {
      expect(await sorted('title')).toEqual([a.id, b.id, c.id]);
      expect(await sorted('+title')).toEqual([a.id, b.id, c.id]);
      expect(await sorted('-title')).toEqual([c.id, b.id, a.id]);
    });

    it('sorts by several fields in order', async () => {
      expect(await sorted('-total,title')).toEqual([a.id, c.id, b.id]);
      expect(await sorted('+total,-title')).toEqual([b.id, c.id, a.id]);
    });

    it('@random returns the same rows', async () => {
      expect((await sorted('@random')).sort()).toEqual([a.id, b.id, c.id].sort());
    });

    it('sorts by a relation path', async () => {
      const asc = await su
        .collection('locked')
        .getFullList({ filter: "rel_one != ''", sort: 'rel_one.title' });
      expect(ids(asc)).toEqual([l1.id, l2.id]);
      const desc = await su
        .collection('locked')
        .getFullList({ filter: "rel_one != ''", sort: '-rel_one.title' });
      expect(ids(desc)).toEqual([l2.id, l1.id]);
    });

    it('refuses unknown fields and more than 8 sort fields with 400 and data {}', async () => {
      expect(
        await rejects(guest.collection('pub').getList(1, 5, { sort: 'nosuchfield' }), 400, MSG.generic400),
      ).toEqual({});
      const nine = Array.from({ length: 9 }, () => 'title').join(',');
      expect(await rejects(guest.collection('pub').getList(1, 5, { sort: nine }), 400)).toEqual({});
    });
  });

  describe('filter', () => {
    const only = async (expr: string, pb: PocketBase = guest) =>
      (await pb.collection('pub').getFullList({ filter: `title ~ "fltr-" && (${expr})`, sort: 'title' })).map(
        (r) => r.id,
      );

    it('compares with = != > >= < <=', async () => {
      expect(await only('total = 2')).toEqual([fTwo.id]);
      expect(await only('total != 2')).toEqual([fOne.id, fThree.id]);
      expect(await only('total > 1')).toEqual([fThree.id, fTwo.id]);
      expect(await only('total >= 2')).toEqual([fThree.id, fTwo.id]);
      expect(await only('total < 2')).toEqual([fOne.id]);
      expect(await only('total <= 2')).toEqual([fOne.id, fTwo.id]);
      expect(await only('active = true')).toEqual([fOne.id, fThree.id]);
      expect(await only("title = 'fltr-two'")).toEqual([fTwo.id]);
      expect(await only(`id = "${fOne.id}"`)).toEqual([fOne.id]);
    });

    it('matches with ~ and !~, including an explicit % wildcard', async () => {
      expect(await only('title ~ "thr"')).toEqual([fThree.id]);
      expect(await only('title !~ "o"')).toEqual([fThree.id]);
      expect(await only('title ~ "fltr-t%"')).toEqual([fThree.id, fTwo.id]);
    });

    it('combines with && and ||, && binding tighter, and parentheses', async () => {
      expect(await only('active = true && total > 1')).toEqual([fThree.id]);
      expect(await only('active = false || total = 1')).toEqual([fOne.id, fTwo.id]);
      expect(await only('total = 1 || total = 2 && active = true')).toEqual([fOne.id]);
      expect(await only('(total = 1 || total = 2) && active = false')).toEqual([fTwo.id]);
    });

    it('handles multi-value fields as PocketBase does: ~ on the JSON text, :each for = and ?=, :length', async () => {
      // A bare multi-value field is its stored JSON array text; :each iterates its items.
      expect(await only('tags ~ "a"')).toEqual([fOne.id, fTwo.id]);
      expect(await only('tags:each ?= "a"')).toEqual([fOne.id, fTwo.id]);
      expect(await only('tags:each = "a"')).toEqual([fOne.id]);
      expect(await only('tags:length = 2')).toEqual([fTwo.id]);
      expect(await only('tags:length >= 1 && tags:each ?= "c"')).toEqual([fThree.id]);
    });

    it('binds quoted values safely (pb.filter with both quote kinds)', async () => {
      const weird = `qt-it's "quoted"; DROP TABLE pub; --`;
      const rec = await guest.collection('pub').create({ title: weird });
      const found = await guest
        .collection('pub')
        .getFirstListItem(guest.filter('title = {:t}', { t: weird }));
      expect(found.id).toBe(rec.id);
      expect(found.title).toBe(weird);
      const single = await guest
        .collection('pub')
        .getFullList({ filter: "title = 'qt-it\\'s \"quoted\"; DROP TABLE pub; --'" });
      expect(single.map((r) => r.id)).toEqual([rec.id]);
    });

    it('only an escaped quote is unescaped in text literals (fexpr): a lone backslash stays', async () => {
      const rec = await guest.collection('pub').create({ title: 'bs\\x' });
      expect(
        (await guest.collection('pub').getFullList({ filter: 'title = "bs\\x"' })).map((r) => r.id),
      ).toEqual([rec.id]);
    });

    it('follows forward and back relation paths', async () => {
      const byOne = await su.collection('locked').getFullList({ filter: 'rel_one.title = "relp1"' });
      expect(ids(byOne)).toEqual([l1.id]);
      const byMany = await su.collection('locked').getFullList({ filter: 'rel_many.title ?= "relp2"' });
      expect(ids(byMany)).toEqual([l1.id]);
      const back = await su.collection('pub').getFullList({ filter: 'locked_via_rel_one.title ?= "L2"' });
      expect(ids(back)).toEqual([p2.id]);
      const viaUsers = await u1.pb.collection('owned').getFullList({ filter: 'author.name = "Test User"' });
      expect(ids(viaUsers)).toEqual([ownedByU1.id]);
    });
  });

  describe('fields', () => {
    it('picks top-level keys of every list item, not of the envelope', async () => {
      const list = await guest.collection('pub').getList(1, 5, { fields: 'id,title' });
      expect(list.perPage).toBe(5);
      expect(list.items.length).toBeGreaterThan(0);
      for (const item of list.items) expect(Object.keys(item).sort()).toEqual(['id', 'title']);
    });

    it('* keeps every key', async () => {
      const full = await guest.collection('pub').getOne(p1.id);
      const star = await guest.collection('pub').getOne(p1.id, { fields: '*' });
      expect(star).toEqual(full);
    });

    it('picks nested keys inside expand, alone and next to *', async () => {
      const picked = await su
        .collection('locked')
        .getOne(l1.id, { expand: 'rel_one', fields: 'id,expand.rel_one.title' });
      expect(picked).toEqual({ id: l1.id, expand: { rel_one: { title: 'relp1' } } });
      const starred = await su
        .collection('locked')
        .getOne(l1.id, { expand: 'rel_one', fields: '*,expand.rel_one.title' });
      expect(starred).toMatchObject({ id: l1.id, title: 'L1', rel_many: [p1.id, p2.id] });
      expect(starred.expand).toEqual({ rel_one: { title: 'relp1' } });
    });

    it(':excerpt shortens text, with an optional ellipsis', async () => {
      const rec = await guest.collection('pub').create({ title: 'excerpt long title' });
      expect(await guest.collection('pub').getOne(rec.id, { fields: 'title:excerpt(7)' })).toEqual({
        title: 'excerpt',
      });
      expect(await guest.collection('pub').getOne(rec.id, { fields: 'id,title:excerpt(7,true)' })).toEqual({
        id: rec.id,
        title: 'excerpt...',
      });
      expect(await guest.collection('pub').getOne(rec.id, { fields: 'title:excerpt(100,true)' })).toEqual({
        title: 'excerpt long title',
      });
    });

    it('shapes create and update responses too', async () => {
      const created = await guest.collection('pub').create({ title: 'fields-create' }, { fields: 'id' });
      expect(Object.keys(created)).toEqual(['id']);
      const updated = await guest.collection('pub').update(created.id, { total: 4 }, { fields: 'total' });
      expect(updated).toEqual({ total: 4 });
    });
  });

  describe('expand', () => {
    it('is absent without ?expand= and {} when nothing expands', async () => {
      expect(await guest.collection('pub').getOne(p3.id)).not.toHaveProperty('expand');
      expect((await su.collection('pub').getOne(p3.id, { expand: 'locked_via_rel_one' })).expand).toEqual({});
      expect((await guest.collection('pub').getOne(p3.id, { expand: 'nosuchrelation' })).expand).toEqual({});
      const list = await guest.collection('pub').getList(1, 5, { expand: 'nosuchrelation' });
      for (const item of list.items) expect(item.expand).toEqual({});
    });

    it('skips relations whose collection the caller may not view', async () => {
      expect((await guest.collection('pub').getOne(p1.id, { expand: 'locked_via_rel_one' })).expand).toEqual(
        {},
      );
    });

    it('expands back-relations x_via_y as arrays', async () => {
      const rec = await su
        .collection('pub')
        .getOne(p2.id, { expand: 'locked_via_rel_one,locked_via_rel_many' });
      expect(ids(rec.expand!.locked_via_rel_one as RecordModel[])).toEqual([l2.id]);
      expect(ids(rec.expand!.locked_via_rel_many as RecordModel[])).toEqual([l1.id]);
    });

    it('expands nested paths inside the child record', async () => {
      const rec = await su.collection('locked').getOne(l1.id, { expand: 'rel_one.locked_via_rel_one' });
      const child = rec.expand!.rel_one as RecordModel;
      expect(child.id).toBe(p1.id);
      expect(ids(child.expand!.locked_via_rel_one as RecordModel[])).toEqual([l1.id]);
    });

    it('shapes create responses', async () => {
      const pin = await guest.collection('pinned').create({ target: p1.id }, { expand: 'target' });
      expect(pin.expand!.target).toMatchObject({ id: p1.id, title: 'relp1' });
    });
  });

  describe('create and update bodies', () => {
    it('number modifiers: {"total+":4,"total-":1} on a fresh record gives 3', async () => {
      const rec = await guest.collection('pub').create({ title: 'mod-num', 'total+': 4, 'total-': 1 });
      expect(rec.total).toBe(3);
      expect((await guest.collection('pub').update(rec.id, { 'total+': 10 })).total).toBe(13);
      expect((await guest.collection('pub').update(rec.id, { 'total-': 3 })).total).toBe(10);
    });

    it('multi-select modifiers tags+, +tags and tags-', async () => {
      const rec = await guest.collection('pub').create({ title: 'mod-sel', tags: ['b'] });
      expect((await guest.collection('pub').update(rec.id, { 'tags+': 'c' })).tags).toEqual(['b', 'c']);
      expect((await guest.collection('pub').update(rec.id, { '+tags': 'a' })).tags).toEqual(['a', 'b', 'c']);
      expect((await guest.collection('pub').update(rec.id, { 'tags-': ['b'] })).tags).toEqual(['a', 'c']);
      expect((await guest.collection('pub').getOne(rec.id)).tags).toEqual(['a', 'c']);
    });

    it('multipart create with @jsonPayload parts and type inference', async () => {
      const form = new FormData();
      form.append('title', 'multi-form');
      form.append('total', '7');
      form.append('active', 'true');
      form.append('@jsonPayload', JSON.stringify({ tags: ['a', 'b'] }));
      const rec = await guest.collection('pub').create(form);
      expect(rec).toMatchObject({ title: 'multi-form', total: 7, active: true, tags: ['a', 'b'] });
    });

    it('multipart as the SDK builds it for an object holding a Blob', async () => {
      const rec = await guest.collection('pub').create({
        title: 'multi-blob',
        total: 5,
        tags: ['c'],
        attachment: new Blob(['not a field'], { type: 'text/plain' }),
      });
      expect(rec).toMatchObject({ title: 'multi-blob', total: 5, tags: ['c'] });
      expect(rec).not.toHaveProperty('attachment');
    });

    it('ignores unknown keys and helper keys', async () => {
      const rec = await guest.collection('pub').create({
        title: 'unknown-keys',
        nope: 1,
        'nope+': 2,
        expand: { x: 1 },
        collectionName: 'locked',
        collectionId: 'hack',
      });
      expect(rec).not.toHaveProperty('nope');
      expect(rec).not.toHaveProperty('nope+');
      expect(rec).not.toHaveProperty('expand');
      expect(rec.collectionName).toBe('pub');
      expect(rec.collectionId).not.toBe('hack');
    });

    it('validates field values on update with field-keyed errors', async () => {
      const data = await rejects(
        guest.collection('pub').update(p3.id, { title: 'xy' }),
        400,
        'Failed to update record.',
      );
      expect(codeOf(data, 'title')).toBe('validation_min_text_constraint');
      const sel = await rejects(guest.collection('pub').update(p3.id, { tags: ['zzz'] }), 400);
      expect(codeOf(sel, 'tags')).toBe('validation_invalid_value');
      expect((await guest.collection('pub').getOne(p3.id)).title).toBe('relp3');
    });

    it('an unknown record on update and delete is 404', async () => {
      await rejects(guest.collection('pub').update('zzzzzzzzzzzzzzz', { total: 1 }), 404, MSG.notFound);
      await rejects(guest.collection('pub').delete('zzzzzzzzzzzzzzz'), 404, MSG.notFound);
    });
  });
});
