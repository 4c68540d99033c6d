import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { createServer } from '../../src/apis/server.js';
import { formatDate } from '../../src/tools/dates.js';
import { hit } from './support.js';
import { failure } from '../support/errors.js';

const DATE_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/;

type Log = { id: string; created: string; level: number; message: string; data: Record<string, unknown> };

describe.each(engines)('request logs (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;
  /** A marker in every URL of this run's requests, so filters can find them. */
  const mark = `m${Date.now()}`;

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t.close());

  it('writes requests to a separate SQLite file in batches, off the request path', async () => {
    await hit(t, `/api/health?${mark}=1`, {
      headers: { 'User-Agent': 'ops-test/1.0', Referer: 'http://example.test/page' },
    });
    await t.app.logs.flush();
    expect(existsSync(`${t.dataDir}/auxiliary.db`)).toBe(true);
    const { items } = await su.logs.getList(1, 10, { filter: `data.url ~ '${mark}'` });
    expect(items).toHaveLength(1);
    const log = items[0] as unknown as Log;
    expect(log.id).toMatch(/^[a-z0-9]{15}$/);
    expect(log.created).toMatch(DATE_RE);
    expect(log.level).toBe(0);
    expect(log.message).toBe(`GET /api/health?${mark}=1`);
    expect(log.data).toMatchObject({
      type: 'request',
      method: 'GET',
      url: `/api/health?${mark}=1`,
      status: 200,
      auth: '',
      authId: '',
      userIP: '127.0.0.1',
      remoteIP: '127.0.0.1',
      userAgent: 'ops-test/1.0',
      referer: 'http://example.test/page',
    });
    expect(typeof log.data.execTime).toBe('number');
    // The main database holds no log table.
    const inMain = await t.app.db.all(
      engine === 'sqlite'
        ? `SELECT name FROM sqlite_master WHERE name = '_logs'`
        : `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '_logs'`,
    );
    expect(inMain).toEqual([]);
  });

  it('records the auth record and lets the settings leave out IPs and auth ids', async () => {
    const user = await t.user();
    await hit(t, `/api/collections/users/records/${user.id}?${mark}=auth`, {
      token: user.pb.authStore.token,
    });
    await t.app.settings.patch({ logs: { logIP: false, logAuthId: false } });
    try {
      await hit(t, `/api/health?${mark}=private`, { token: user.pb.authStore.token });
    } finally {
      await t.app.settings.patch({ logs: { logIP: true, logAuthId: true } });
    }
    await t.app.logs.flush();
    const [withAuth] = (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=auth'` }))
      .items as unknown as Log[];
    expect(withAuth!.data).toMatchObject({ auth: 'users', authId: user.id, status: 200 });
    const [priv] = (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=private'` }))
      .items as unknown as Log[];
    expect(priv!.data.auth).toBe('users');
    expect(priv!.data).not.toHaveProperty('authId');
    expect(priv!.data).not.toHaveProperty('userIP');
    expect(priv!.data).not.toHaveProperty('remoteIP');
  });

  it('stores nothing when logs.maxDays is 0, and only entries at or above logs.minLevel', async () => {
    await t.app.settings.patch({ logs: { maxDays: 0 } });
    await hit(t, `/api/health?${mark}=off`);
    await t.app.settings.patch({ logs: { maxDays: 7, minLevel: 8 } });
    await hit(t, `/api/health?${mark}=info`);
    await t.app.settings.patch({ logs: { minLevel: 0 } });
    await t.app.logs.flush();
    expect(
      (await su.logs.getList(1, 10, { filter: `data.url ~ '${mark}=off' || data.url ~ '${mark}=info'` }))
        .totalItems,
    ).toBe(0);
  });

  it('logs server errors at level 8 with the cause for operators, never for the client', async () => {
    // A second server on the same app with one failing route (routes cannot be added after listen).
    const server = await createServer(t.app);
    server.get('/api/test-boom', async () => {
      throw new Error('database exploded');
    });
    try {
      const res = await server.inject({ method: 'GET', url: `/api/test-boom?${mark}=boom` });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('exploded');
    } finally {
      await server.close();
    }
    await t.app.logs.flush();
    const [log] = (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=boom'` }))
      .items as unknown as Log[];
    expect(log!.level).toBe(8);
    expect(log!.data).toMatchObject({
      status: 500,
      error: 'Something went wrong while processing your request.',
      details: 'database exploded',
    });
  });

  it('logs failed requests (4xx) at the error level 8 with the message and field details', async () => {
    const bad = await hit(t, `/api/collections/users/records?${mark}=invalid`, {
      method: 'POST',
      body: { email: 'not-an-email', password: 'x' },
    });
    expect(bad.status).toBe(400);
    const missing = await hit(t, `/api/no-such-route?${mark}=missing`);
    expect(missing.status).toBe(404);
    await hit(t, `/api/health?${mark}=fine`);
    await t.app.logs.flush();
    const one = async (tag: string) =>
      (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=${tag}'` })).items[0] as unknown as Log;
    const invalid = await one('invalid');
    expect(invalid.level).toBe(8);
    expect(invalid.data).toMatchObject({ status: 400, error: 'Failed to create record.' });
    expect((invalid.data.details as Record<string, { code: string }>).email!.code).toMatch(/^validation_/);
    expect(await one('missing')).toMatchObject({ level: 8, data: { status: 404 } });
    expect((await one('fine')).level).toBe(0);
    // The dashboard's "errors only" view is a level filter.
    const errors = await su.logs.getList(1, 10, { filter: `data.url ~ '${mark}=' && level >= 8` });
    const urls = errors.items.map((l) => (l as unknown as Log).data.url);
    expect(urls).toEqual(expect.arrayContaining([`/api/no-such-route?${mark}=missing`]));
    expect(urls).not.toContain(`/api/health?${mark}=fine`);
  });

  it('does not log CORS preflights (OPTIONS), as PocketBase answers them before its logger', async () => {
    const preflight = await hit(t, `/api/collections/users/records?${mark}=preflight`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://elsewhere.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    await hit(t, `/api/collections/users/records?${mark}=preflight`);
    await t.app.logs.flush();
    const logged = await su.logs.getList(1, 10, { filter: `data.url ~ '${mark}=preflight'` });
    expect(logged.items.map((l) => (l as unknown as Log).data.method)).toEqual(['GET']);
  });

  it('never stores tokens: query tokens and referers are redacted, the Authorization header is not logged', async () => {
    const user = await t.user();
    const jwt = user.pb.authStore.token;
    const secret = 'S3CRET-TOKEN-VALUE';
    await hit(t, `/api/files/users/${user.id}/a.png?token=${secret}&${mark}=secret`, { token: jwt });
    await hit(t, `/api/health?${mark}=ref`, {
      headers: { Referer: `http://app.test/reset-password?token=${secret}#x` },
      token: jwt,
    });
    await hit(t, `/api/oauth2-redirect?code=${secret}&state=${secret}&${mark}=oauth`);
    await t.app.logs.flush();
    const db = await t.app.logs.handle();
    const rows = await db.all<{ message: string; data: string }>(`SELECT "message", "data" FROM "_logs"`);
    const dump = JSON.stringify(rows);
    expect(dump).toContain(`${mark}=secret`);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(jwt);
    expect(dump).toContain('token=REDACTED');
    // Nor anywhere in the files on disk (the WAL included).
    await db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    for (const f of ['auxiliary.db', 'auxiliary.db-wal']) {
      const path = `${t.dataDir}/${f}`;
      if (existsSync(path)) {
        const bytes = readFileSync(path).toString('latin1');
        expect(bytes).not.toContain(secret);
        expect(bytes).not.toContain(jwt);
      }
    }
    const [ref] = (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=ref'` }))
      .items as unknown as Log[];
    expect(ref!.data.referer).toBe('http://app.test/reset-password?token=REDACTED');
  });

  it('lists with filter, sort, paging and skipTotal like the records API', async () => {
    for (let i = 0; i < 5; i++) await hit(t, `/api/health?${mark}=page&i=${i}`);
    await hit(t, `/api/collections/nope/records?${mark}=page&i=404`);
    await t.app.logs.flush();
    const filter = `data.url ~ '${mark}=page'`;
    const all = await su.logs.getList(1, 30, { filter });
    expect(all.totalItems).toBe(6);
    // Newest first by default.
    expect((all.items[0] as unknown as Log).data.url).toContain('i=404');
    const asc = await su.logs.getList(1, 30, { filter, sort: 'created' });
    expect((asc.items[0] as unknown as Log).data.url).toContain('i=0');
    const page2 = await su.logs.getList(2, 4, { filter, sort: 'created' });
    expect(page2).toMatchObject({ page: 2, perPage: 4, totalItems: 6, totalPages: 2 });
    expect(page2.items.map((l) => (l as unknown as Log).data.url)).toEqual([
      `/api/health?${mark}=page&i=4`,
      `/api/collections/nope/records?${mark}=page&i=404`,
    ]);
    const notFound = await su.logs.getList(1, 30, { filter: `${filter} && data.status = 404` });
    expect(notFound.items).toHaveLength(1);
    expect((notFound.items[0] as unknown as Log).message).toContain('/api/collections/nope/records');
    const skip = await su.logs.getList(1, 2, { filter, skipTotal: true });
    expect(skip).toMatchObject({ totalItems: -1, totalPages: -1 });
    expect(skip.items).toHaveLength(2);
    const byMessage = await su.logs.getList(1, 30, {
      filter: `message ~ '${mark}=page' && level = 0 && created > '2000-01-01'`,
    });
    // The 404 is an error (level 8), the five health checks are info.
    expect(byMessage.totalItems).toBe(5);
    const byStatus = await su.logs.getList(1, 30, { filter, sort: '-data.status,created' });
    expect((byStatus.items[0] as unknown as Log).data.status).toBe(404);
  });

  it('answers a bad filter, sort or page with 400', async () => {
    expect((await failure(su.logs.getList(1, 10, { filter: 'nosuchfield = 1' }))).status).toBe(400);
    expect((await failure(su.logs.getList(1, 10, { filter: "message = 'x" }))).status).toBe(400);
    expect((await failure(su.logs.getList(1, 10, { sort: 'nosuchfield' }))).status).toBe(400);
    expect((await hit(t, '/api/logs?page=abc', { token: su.authStore.token })).status).toBe(400);
    const bad = await hit(t, '/api/logs?filter=%40request.auth.id%3D1', { token: su.authStore.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, data: {} });
  });

  it('views one entry by id, 404 for an unknown id', async () => {
    await hit(t, `/api/health?${mark}=view`);
    await t.app.logs.flush();
    const [log] = (await su.logs.getList(1, 1, { filter: `data.url ~ '${mark}=view'` })).items;
    const one = await su.logs.getOne(log!.id);
    expect(one).toEqual(log);
    expect((await failure(su.logs.getOne('nosuchlog123456'))).status).toBe(404);
  });

  it('counts entries per hour, with a filter', async () => {
    const db = await t.app.logs.handle();
    const hour = (h: number) => formatDate(new Date(Date.UTC(2001, 0, 2, h, 17, 3, 9)));
    const insert = (created: string, status: number) =>
      db.run(
        `INSERT INTO "_logs" ("id", "created", "level", "message", "data") VALUES (?, ?, 0, 'GET /x', ?)`,
        [
          `st${Math.random().toString(36).slice(2, 15).padEnd(13, '0')}`,
          created,
          JSON.stringify({ url: `/x?${mark}=stats`, status }),
        ],
      );
    await insert(hour(5), 200);
    await insert(hour(5), 404);
    await insert(hour(7), 200);
    const filter = `data.url ~ '${mark}=stats'`;
    expect(await su.logs.getStats({ filter })).toEqual([
      { date: '2001-01-02 05:00:00.000Z', total: 2 },
      { date: '2001-01-02 07:00:00.000Z', total: 1 },
    ]);
    expect(await su.logs.getStats({ filter: `${filter} && data.status = 200` })).toEqual([
      { date: '2001-01-02 05:00:00.000Z', total: 1 },
      { date: '2001-01-02 07:00:00.000Z', total: 1 },
    ]);
    const everything = await su.logs.getStats();
    expect(everything.every((s) => /^\d{4}-\d{2}-\d{2} \d{2}:00:00\.000Z$/.test(s.date) && s.total > 0)).toBe(
      true,
    );
  });

  it('is for superusers only: 401 guest, 403 user, 200 superuser', async () => {
    const { pb: user } = await t.user();
    await hit(t, `/api/health?${mark}=matrix`);
    await t.app.logs.flush();
    const [log] = (await su.logs.getList(1, 1)).items;
    const calls: [string, (pb: PocketBase) => Promise<unknown>][] = [
      ['list', (pb) => pb.logs.getList(1, 1)],
      ['view', (pb) => pb.logs.getOne(log!.id)],
      ['stats', (pb) => pb.logs.getStats()],
    ];
    for (const [, call] of calls) {
      expect((await failure(call(t.client()))).status).toBe(401);
      expect((await failure(call(user))).status).toBe(403);
      await expect(call(su)).resolves.toBeTruthy();
    }
  });
});
