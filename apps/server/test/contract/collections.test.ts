/**
 * PocketBase's collections API, read-only, through the official SDK:
 * the shapes its dashboard reads, who may read them, and the refusal of every write.
 */
import type PocketBase from 'pocketbase';
import type { CollectionModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { readParam } from '../../src/core/params.js';
import { jsonHeaders, PB_DATE, raw, rejects } from './helpers.js';

type Field = Record<string, unknown> & { id: string; name: string; type: string; system: boolean };
const fieldsOf = (c: CollectionModel) => c.fields as unknown as Field[];
const field = (c: CollectionModel, name: string) => fieldsOf(c).find((f) => f.name === name)!;
const DEFINED_IN_CODE = /^Collections are defined in the server code/;

describe.each(engines)('collections API (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine });
    await t.app.settings.patch({
      oauth2: {
        providers: [
          { name: 'github', clientId: 'gh-client', clientSecret: 'gh-secret-value', enabled: true },
        ],
      },
    });
    su = await t.superuser();
  });
  afterAll(() => t?.close());

  it('getFullList returns every registered collection in PocketBase shape', async () => {
    const list = await su.collections.getFullList();
    const names = list.map((c) => c.name);
    expect(names).toEqual(t.app.registry.all().map((c) => c.name));
    expect(names).toEqual(expect.arrayContaining(['_superusers', 'users', '_externalAuths', 'photoshoots']));
    for (const c of list) {
      expect(c.id).toBe(t.app.registry.find(c.name)!.id);
      expect(['base', 'auth', 'view']).toContain(c.type);
      expect(c.created).toMatch(PB_DATE);
      expect(c.updated).toMatch(PB_DATE);
      expect(Array.isArray(c.indexes)).toBe(true);
      for (const idx of c.indexes) expect(idx).toMatch(/^CREATE (UNIQUE )?INDEX `[^`]+` ON `[^`]+` \(.+\)/);
      const ids = fieldsOf(c).map((f) => f.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(field(c, 'id')).toMatchObject({ type: 'text', system: true, primaryKey: true, required: true });
    }
  });

  it('system means what PocketBase means: its own collections, never the product collections', async () => {
    const list = await su.collections.getFullList();
    const system = list.filter((c) => c.system).map((c) => c.name);
    expect(system).toEqual(expect.arrayContaining(['_superusers', '_externalAuths']));
    for (const name of system) expect(name.startsWith('_')).toBe(true);
    const users = list.find((c) => c.name === 'users')!;
    expect(users.system).toBe(false);
    // Fields: system = cannot be renamed or removed (the auth fields), not "server-managed".
    expect(field(users, 'email').system).toBe(true);
    expect(field(users, 'tokenKey')).toMatchObject({ system: true, hidden: true });
    expect(field(users, 'name').system).toBe(false);
    const payments = list.find((c) => c.name === 'payments')!;
    expect(field(payments, 'status').system).toBe(false);
  });

  it('fields carry their type options under PocketBase names; relations point at a real collection id', async () => {
    const list = await su.collections.getFullList();
    const byId = new Map(list.map((c) => [c.id, c]));
    const photoshoots = list.find((c) => c.name === 'photoshoots')!;
    const relations = list.flatMap((c) => fieldsOf(c).filter((f) => f.type === 'relation'));
    expect(relations.length).toBeGreaterThan(3);
    for (const r of relations) {
      expect(byId.has(r.collectionId as string), `${r.name} → ${String(r.collectionId)}`).toBe(true);
      expect(r).not.toHaveProperty('collection');
      expect(r).toMatchObject({ cascadeDelete: expect.any(Boolean), minSelect: expect.any(Number) });
    }
    const owner = field(photoshoots, 'user');
    expect(byId.get(owner.collectionId as string)!.name).toBe('users');

    const users = list.find((c) => c.name === 'users')!;
    expect(field(users, 'avatar')).toMatchObject({
      type: 'file',
      maxSelect: 1,
      maxSize: 5 * 1024 * 1024,
      mimeTypes: expect.arrayContaining(['image/png']),
      thumbs: ['100x100'],
      protected: false,
    });
    expect(field(users, 'password')).toMatchObject({ type: 'password', hidden: true, min: 8 });
    expect(field(users, 'created')).toMatchObject({ type: 'autodate', onCreate: true, onUpdate: false });
    expect(field(users, 'updated')).toMatchObject({ type: 'autodate', onCreate: true, onUpdate: true });
    expect(field(photoshoots, 'status')).toMatchObject({
      type: 'select',
      values: expect.arrayContaining(['draft']),
      maxSelect: 1,
    });
    const payments = list.find((c) => c.name === 'payments')!;
    expect(field(payments, 'amountCents')).toMatchObject({
      type: 'number',
      onlyInt: true,
      min: 0,
      max: null,
    });
    expect(users.indexes).toContain(
      "CREATE UNIQUE INDEX `idx_email_users` ON `users` (`email` COLLATE NOCASE) WHERE `email` != ''",
    );
  });

  it('field ids are stable across two server starts', async () => {
    const other = await startServer({ engine });
    try {
      const su2 = await other.superuser();
      const a = await su.collections.getFullList();
      const b = await su2.collections.getFullList();
      const ids = (list: CollectionModel[]) =>
        list.map((c) => [c.name, fieldsOf(c).map((f) => `${f.name}=${f.id}`)]);
      expect(ids(b)).toEqual(ids(a));
      // PocketBase's own derivation: type + CRC32 of the name.
      expect(
        field(
          a.find((c) => c.name === 'users')!,
          'id',
        ).id,
      ).toBe('text3208210256');
    } finally {
      await other.close();
    }
  });

  it('auth collections carry the auth options blocks, never a secret', async () => {
    const users = await su.collections.getOne('users');
    expect(users).toMatchObject({
      authRule: '',
      manageRule: null,
      passwordAuth: { enabled: true, identityFields: ['email'] },
      authToken: { duration: 432000 },
      passwordResetToken: { duration: 1800 },
      emailChangeToken: { duration: 1800 },
      verificationToken: { duration: 86400 },
      fileToken: { duration: 180 },
      otp: { enabled: true, duration: 180, length: 8 },
      mfa: { enabled: false, duration: 600, rule: '' },
      authAlert: { enabled: false, emailTemplate: { subject: expect.any(String) } },
      oauth2: { enabled: true, mappedFields: { name: 'name' } },
    });
    for (const key of ['verificationTemplate', 'resetPasswordTemplate', 'confirmEmailChangeTemplate']) {
      expect(
        (users as Record<string, { subject: string; body: string }>)[key]!.subject.length,
      ).toBeGreaterThan(0);
    }
    expect(users.oauth2.providers).toEqual([
      expect.objectContaining({ name: 'github', clientId: 'gh-client', displayName: 'GitHub' }),
    ]);
    const text = JSON.stringify(users);
    expect(text).not.toContain('gh-secret-value');
    expect(text).not.toContain('"secret"');
    expect(text).not.toContain('clientSecret');
    const secrets = await readParam<Record<string, Record<string, string>>>(t.app.db, 'secrets');
    const ours = Object.values(secrets![users.id]!);
    expect(ours.length).toBeGreaterThan(0);
    for (const secret of ours) expect(text).not.toContain(secret);
    // A base collection has none of them.
    const styles = await su.collections.getOne('styles');
    expect(styles).not.toHaveProperty('authRule');
    expect(styles).not.toHaveProperty('passwordAuth');
  });

  it('getOne finds a collection by id and by name, with rules (null = superusers only)', async () => {
    const byName = await su.collections.getOne('_superusers');
    const byId = await su.collections.getOne(byName.id);
    expect(byId).toEqual(byName);
    expect(byName).toMatchObject({ type: 'auth', system: true, listRule: null, deleteRule: null });
    const users = await su.collections.getOne('users');
    expect(users.createRule).toBe('');
    expect(users.updateRule).toBe('id = @request.auth.id');
    await rejects(su.collections.getOne('no_such_collection'), 404);
  });

  it('getList filters and sorts on name, type, system and created, with paging and skipTotal', async () => {
    const auth = await su.collections.getList(1, 50, { filter: "type = 'auth'", sort: '-name' });
    expect(auth.items.map((c) => c.name)).toEqual(['users', '_superusers']);
    expect(auth.totalItems).toBe(2);

    const product = await su.collections.getList(1, 100, { filter: "system = false && name ~ 'photo'" });
    expect(product.items.map((c) => c.name).sort()).toEqual([
      'original_photos',
      'photoshoot_events',
      'photoshoots',
    ]);

    const total = t.app.registry.all().length;
    const page2 = await su.collections.getList(2, 3, { sort: 'name' });
    const sorted = t.app.registry
      .all()
      .map((c) => c.name)
      .sort();
    expect(page2.items.map((c) => c.name)).toEqual(sorted.slice(3, 6));
    expect(page2).toMatchObject({ page: 2, perPage: 3, totalItems: total, totalPages: Math.ceil(total / 3) });

    const skip = await su.collections.getList(1, 1000, { skipTotal: true, filter: "created > '2000-01-01'" });
    expect(skip.totalItems).toBe(-1);
    expect(skip.items).toHaveLength(total);

    // The dashboard's own request.
    const res = await raw(
      t.url,
      '/api/collections?page=1&perPage=1000&skipTotal=1&filter=type%3D%27auth%27',
      {
        headers: jsonHeaders(su.authStore.token),
      },
    );
    expect(res.status).toBe(200);
    expect((res.json as { items: unknown[] }).items).toHaveLength(2);

    const bad = await rejects(su.collections.getList(1, 10, { filter: "nosuchfield = 'x'" }), 400);
    expect(bad).toEqual({});
    await rejects(su.collections.getList(1, 10, { filter: "name = 'x' &&" }), 400);
    await rejects(su.collections.getList(1, 10, { sort: 'listRule' }), 400);
  });

  it('getScaffolds returns a blank collection of each type', async () => {
    const s = await su.collections.getScaffolds();
    expect(Object.keys(s).sort()).toEqual(['auth', 'base', 'view']);
    expect(s.base).toMatchObject({ id: '', name: '', type: 'base', system: false, listRule: null });
    expect(fieldsOf(s.base).map((f) => f.name)).toEqual(['id']);
    expect(s.auth.type).toBe('auth');
    expect(fieldsOf(s.auth).map((f) => f.name)).toEqual(
      expect.arrayContaining(['id', 'password', 'tokenKey', 'email', 'emailVisibility', 'verified']),
    );
    expect(s.auth).toMatchObject({ authRule: '', passwordAuth: { enabled: true } });
    for (const idx of s.auth.indexes) expect(idx).toContain('ON ``');
    expect(s.view).toMatchObject({ type: 'view', fields: [], indexes: [], viewQuery: '' });
  });

  it('only superusers read collections: a guest gets 401, a customer 403', async () => {
    const guest = t.client();
    const { pb: customer } = await t.user();
    for (const call of [
      (pb: PocketBase) => pb.collections.getFullList(),
      (pb: PocketBase) => pb.collections.getOne('users'),
      (pb: PocketBase) => pb.collections.getScaffolds(),
    ]) {
      await rejects(call(guest), 401);
      await rejects(call(customer), 403, 'The authorized record is not allowed to perform this action.');
    }
  });

  it('every write is refused with the reason, never a 404', async () => {
    const writes = [
      (pb: PocketBase) => pb.collections.create({ name: 'extra', type: 'base', fields: [] }),
      (pb: PocketBase) => pb.collections.update('users', { listRule: '' }),
      (pb: PocketBase) => pb.collections.update('no_such_collection', { listRule: '' }),
      (pb: PocketBase) => pb.collections.delete('styles'),
      (pb: PocketBase) => pb.collections.truncate('styles'),
      (pb: PocketBase) =>
        pb.collections.import(
          [{ name: 'extra', type: 'base', fields: [] } as unknown as CollectionModel],
          false,
        ),
    ];
    const { pb: customer } = await t.user();
    for (const write of writes) {
      const err = await rejects(write(su), 403);
      expect(err).toEqual({});
      const sent = await su.collections.getOne('users').catch(() => null);
      expect(sent?.listRule).not.toBe('');
      await rejects(write(t.client()), 401);
      await rejects(write(customer), 403, 'The authorized record is not allowed to perform this action.');
    }
    const res = await raw(t.url, '/api/collections/styles', {
      method: 'DELETE',
      headers: jsonHeaders(su.authStore.token),
    });
    expect((res.json as { message: string }).message).toMatch(DEFINED_IN_CODE);
    // The records survive.
    expect((await su.collection('styles').getList(1, 1)).totalItems).toBeGreaterThan(0);
  });
});
