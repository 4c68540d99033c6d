/**
 * PocketBase's API rules and client filter limits: how each rule value is enforced per action and
 * caller, and what a non-superuser's own filter and sort may reach.
 */
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { scenarioCollections } from '../support/fixtures.js';
import { jsonHeaders, MSG, raw, rejects } from './helpers.js';
import { expectErrorBody } from '../support/errors.js';
import { runScenario, standardCallers, type Callers, type Scenario } from '../support/scenarios.js';

type User = Awaited<ReturnType<TestServer['user']>>;

describe.each(engines)('API rules (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  let guest: PocketBase;
  let u1: User;
  let u2: User;
  let pubRow: RecordModel;
  let callers: Callers;

  beforeAll(async () => {
    t = await startServer({ engine, collections: scenarioCollections });
    ({ callers, user: u1, otherUser: u2 } = await standardCallers(t));
    su = callers.superuser!;
    guest = callers.guest!;
    pubRow = await guest.collection('pub').create({ title: 'rules-pub' });
  });
  afterAll(() => t?.close());

  describe('owned: author = @request.auth.id, create needs any auth', () => {
    let mine: RecordModel;
    beforeAll(async () => {
      mine = await u1.pb.collection('owned').create({ title: 'u1-row', author: u1.id });
      await u1.pb.collection('owned').create({ title: 'u1-row-2', author: u1.id });
      await u2.pb.collection('owned').create({ title: 'u2-row', author: u2.id });
    });

    it('a user creating a row authored by themself gets 200', () => {
      expect(mine.author).toBe(u1.id);
      expect(mine.title).toBe('u1-row');
    });

    it('a guest cannot create: 400 "Failed to create record." with data {}', async () => {
      const data = await rejects(
        guest.collection('owned').create({ title: 'guest-row' }),
        400,
        MSG.failedCreate,
      );
      expect(data).toEqual({});
    });

    it('list filters rows to the caller; a guest sees none', async () => {
      const one = await u1.pb.collection('owned').getList();
      expect(one.items.map((r) => r.title).sort()).toEqual(['u1-row', 'u1-row-2']);
      expect(one.totalItems).toBe(2);
      const two = await u2.pb.collection('owned').getList();
      expect(two.items.map((r) => r.title)).toEqual(['u2-row']);
      expect(two.totalItems).toBe(1);
      const none = await guest.collection('owned').getList();
      expect(none.items).toEqual([]);
      expect(none.totalItems).toBe(0);
      expect((await su.collection('owned').getList()).totalItems).toBe(3);
    });

    const mineUrl = () => `/api/collections/owned/records/${mine.id}`;
    const othersRow: Scenario[] = [
      ['otherUser', 'GET', MSG.notFound],
      ['otherUser', 'PATCH', MSG.notFound],
      ['otherUser', 'DELETE', MSG.notFound],
      ['guest', 'GET', MSG.notFound],
      ['guest', 'PATCH', undefined],
      ['guest', 'DELETE', undefined],
    ].map(([caller, method, message]) => ({
      name: `${method} of another user's row as ${caller} is 404`,
      caller: caller!,
      method,
      url: mineUrl,
      ...(method === 'PATCH' ? { body: { title: 'hijacked' } } : {}),
      expectedStatus: 404,
      ...(message ? { expectedMessage: message } : {}),
    }));

    it.each(othersRow)('$name', async (s) => {
      await runScenario(t, callers, s);
    });

    it("another user's row is untouched by those attempts", async () => {
      expect((await u1.pb.collection('owned').getOne(mine.id)).title).toBe('u1-row');
    });

    it('the owner may view, update and delete; a superuser may view', async () => {
      const row = await u1.pb.collection('owned').create({ title: 'temp', author: u1.id });
      expect((await su.collection('owned').getOne(row.id)).title).toBe('temp');
      expect((await u1.pb.collection('owned').update(row.id, { title: 'temp2' })).title).toBe('temp2');
      expect(await u1.pb.collection('owned').delete(row.id)).toBe(true);
      await rejects(su.collection('owned').getOne(row.id), 404);
    });

    it('an update cannot move a row out of reach of the rule check (the rule sees the stored row)', async () => {
      // U2 tries to claim U1's row by setting author; the update rule runs against the stored author.
      await rejects(u2.pb.collection('owned').update(mine.id, { author: u2.id }), 404);
      expect((await u1.pb.collection('owned').getOne(mine.id)).author).toBe(u1.id);
    });
  });

  describe('locked: every rule null', () => {
    let row: RecordModel;
    beforeAll(async () => {
      row = await su.collection('locked').create({ title: 'locked-row' });
    });

    const actions: [string, string, () => string, Record<string, unknown>?][] = [
      ['list', 'GET', () => '/api/collections/locked/records'],
      ['view', 'GET', () => `/api/collections/locked/records/${row.id}`],
      ['create', 'POST', () => '/api/collections/locked/records', { title: 'nope' }],
      ['update', 'PATCH', () => `/api/collections/locked/records/${row.id}`, { title: 'nope' }],
      ['delete', 'DELETE', () => `/api/collections/locked/records/${row.id}`],
    ];
    const refused: Scenario[] = ['guest', 'user'].flatMap((caller) =>
      actions.map(([action, method, url, body]) => ({
        name: `${action} as ${caller} is 403 "Only superusers can perform this action."`,
        caller,
        method,
        url,
        ...(body ? { body } : {}),
        expectedStatus: 403,
        expectedMessage: MSG.superusersOnly,
        expectedContent: [{ data: {} }],
      })),
    );

    it.each(refused)('$name', async (s) => {
      await runScenario(t, callers, s);
    });

    it('the locked row is untouched by those attempts', async () => {
      expect((await su.collection('locked').getOne(row.id)).title).toBe('locked-row');
    });

    it('is 200 for a superuser on every action', async () => {
      expect((await su.collection('locked').getList()).totalItems).toBeGreaterThanOrEqual(1);
      const created = await su.collection('locked').create({ title: 'su-row' });
      expect((await su.collection('locked').getOne(created.id)).title).toBe('su-row');
      expect((await su.collection('locked').update(created.id, { title: 'su-row-2' })).title).toBe(
        'su-row-2',
      );
      expect(await su.collection('locked').delete(created.id)).toBe(true);
    });
  });

  describe('users: id = @request.auth.id', () => {
    it('a user lists only themself', async () => {
      const list = await u1.pb.collection('users').getList();
      expect(list.items.map((r) => r.id)).toEqual([u1.id]);
      expect(list.totalItems).toBe(1);
      expect(list.items[0]!.email).toBe(u1.email);
      const searched = await u1.pb.collection('users').getList(1, 30, { filter: `id = "${u2.id}"` });
      expect(searched.items).toEqual([]);
    });

    it('a guest lists nobody', async () => {
      const list = await guest.collection('users').getList();
      expect(list.items).toEqual([]);
      expect(list.totalItems).toBe(0);
    });

    it('a user views themself but not another user (404)', async () => {
      expect((await u1.pb.collection('users').getOne(u1.id)).email).toBe(u1.email);
      await rejects(u1.pb.collection('users').getOne(u2.id), 404, MSG.notFound);
      await rejects(guest.collection('users').getOne(u1.id), 404);
    });

    it('a user edits themself but not another user (404)', async () => {
      expect((await u1.pb.collection('users').update(u1.id, { name: 'Renamed' })).name).toBe('Renamed');
      await rejects(u1.pb.collection('users').update(u2.id, { name: 'Hacked' }), 404, MSG.notFound);
      await rejects(u1.pb.collection('users').delete(u2.id), 404, MSG.notFound);
      expect((await u2.pb.collection('users').getOne(u2.id)).name).toBe('Test User');
    });

    it('a superuser sees every user', async () => {
      const ids = (await su.collection('users').getFullList()).map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([u1.id, u2.id]));
    });
  });

  describe('client filter and sort of non-superusers', () => {
    const forbidden = [
      ['filter', "@collection.pub.title = 'x'", '@collection.'],
      ['filter', "@request.auth.id != ''", '@request.'],
      ['filter', "title = 'x' || @request.method = 'GET'", '@request.'],
      ['sort', '@request.auth.id', '@request.'],
      ['sort', '-@collection.pub.title', '@collection.'],
    ] as const;

    it.each(forbidden)(
      '%s %s is 403 for a guest and a user, 200 for a superuser',
      async (param, expr, macro) => {
        const message = `Only superusers can filter by ${macro}`;
        for (const pb of [guest, u1.pb]) {
          for (const collection of ['pub', 'users']) {
            const data = await rejects(
              pb.collection(collection).getList(1, 30, { [param]: expr }),
              403,
              message,
            );
            expect(data).toEqual({});
          }
        }
        if (param === 'filter') {
          // a superuser may use them (the sort forms are not sortable values at all, so no 200 to expect)
          const list = await su.collection('pub').getList(1, 30, { filter: expr });
          expect(list.page).toBe(1);
        }
      },
    );

    it('URL-encoding the macro does not get around the check', async () => {
      const encodedAt = '/api/collections/pub/records?filter=%40collection.pub.title%3D%27x%27';
      const fullyEncoded = `/api/collections/pub/records?filter=${'@request.auth.id != ""'
        .split('')
        .map((ch) => '%' + ch.charCodeAt(0).toString(16).padStart(2, '0'))
        .join('')}`;
      const sortEncoded = '/api/collections/pub/records?sort=%40request%2Eauth%2Eid';
      for (const path of [encodedAt, fullyEncoded, sortEncoded]) {
        for (const token of [undefined, u1.pb.authStore.token]) {
          const res = await raw(t.url, path, { headers: jsonHeaders(token) });
          expect(res.status, path).toBe(403);
          expect(expectErrorBody(res.json, 403)).toEqual({});
        }
      }
    });

    it('hidden fields (password, tokenKey) are not filterable or sortable: 400 with data {}', async () => {
      for (const filter of ["password != ''", "tokenKey != ''", "tokenKey ~ 'a' || id != ''"]) {
        for (const pb of [guest, u1.pb]) {
          expect(
            await rejects(pb.collection('users').getList(1, 30, { filter }), 400, MSG.generic400),
          ).toEqual({});
        }
      }
      for (const sort of ['password', '-tokenKey']) {
        expect(await rejects(u1.pb.collection('users').getList(1, 30, { sort }), 400)).toEqual({});
      }
      // superusers may
      expect(
        (await su.collection('users').getList(1, 30, { filter: "tokenKey != ''" })).totalItems,
      ).toBeGreaterThanOrEqual(2);
    });

    it('email is filterable by non-superusers only on records with emailVisibility = true', async () => {
      // even the user's own record: the filter, not the list rule, hides it (PocketBase adds emailVisibility = TRUE)
      const own = await u1.pb.collection('users').getList(1, 30, { filter: `email = "${u1.email}"` });
      expect(own.items).toEqual([]);
      const visible = await t.user({ emailVisibility: true });
      const shown = await visible.pb
        .collection('users')
        .getList(1, 30, { filter: `email = "${visible.email}"` });
      expect(shown.items.map((r) => r.id)).toEqual([visible.id]);
      const bySu = await su.collection('users').getList(1, 30, { filter: `email = "${u1.email}"` });
      expect(bySu.items.map((r) => r.id)).toEqual([u1.id]);
    });

    it('a filter crossing into a collection without list access is 400 for non-superusers', async () => {
      expect(
        await rejects(
          guest.collection('pub').getList(1, 30, { filter: "locked_via_rel_one.title ?= 'x'" }),
          400,
        ),
      ).toEqual({});
      const list = await su.collection('pub').getList(1, 30, { filter: "locked_via_rel_one.title ?= 'x'" });
      expect(list.items).toEqual([]);
    });

    it('rules still apply when the client filter would match other rows', async () => {
      const list = await u1.pb.collection('users').getList(1, 30, { filter: "id != ''" });
      expect(list.items.map((r) => r.id)).toEqual([u1.id]);
      const pub = await guest.collection('pub').getList(1, 30, { filter: `id = "${pubRow.id}"` });
      expect(pub.items.map((r) => r.id)).toEqual([pubRow.id]);
    });
  });
});
