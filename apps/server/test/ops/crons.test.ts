import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { CronRegistry } from '../../src/core/cron/cron-registry.js';
import { cleanupExpiredTokens } from '../../src/core/cron/expired-tokens.js';
import { formatDate } from '../../src/tools/dates.js';
import { hit, sleep } from './support.js';

const DAY = 86_400_000;

async function until(check: () => Promise<boolean>, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe.each(engines)('crons (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine });
    su = await t.superuser();
  });
  afterAll(() => t.close());

  it('lists user jobs by id, then the system jobs, with their expressions', async () => {
    t.app.crons.add('zeta', '*/5 * * * *', () => {});
    t.app.crons.add('alpha', '@daily', () => {});
    try {
      const jobs = await su.crons.getFullList();
      expect(jobs.slice(0, 2)).toEqual([
        { id: 'alpha', expression: '@daily' },
        { id: 'zeta', expression: '*/5 * * * *' },
      ]);
      const system = jobs.slice(2);
      expect(system.every((j) => j.id.startsWith('__'))).toBe(true);
      expect(system).toEqual(
        expect.arrayContaining([
          { id: '__logsCleanup__', expression: '0 */6 * * *' },
          { id: '__expiredTokensCleanup__', expression: expect.any(String) },
          { id: '__owedRefunds__', expression: '*/10 * * * *' },
          { id: '__backups__', expression: '0 3 * * *' },
        ]),
      );
    } finally {
      t.app.crons.remove('zeta');
      t.app.crons.remove('alpha');
    }
  });

  it('registers jobs without running them until started, and App.close stops them', async () => {
    expect(t.app.crons.running).toBe(false);
    const crons = new CronRegistry();
    crons.add('x', '* * * * *', () => {});
    crons.start();
    expect(crons.running).toBe(true);
    await crons.stop();
    expect(crons.running).toBe(false);
    const other = await startServer({ engine });
    other.app.crons.start();
    await other.close();
    expect(other.app.crons.running).toBe(false);
  });

  it('refuses invalid job ids and expressions', () => {
    const crons = new CronRegistry();
    expect(() => crons.add('bad id', '* * * * *', () => {})).toThrow();
    expect(() => crons.add('ok', 'every minute', () => {})).toThrow();
    expect(() => crons.add('ok', '* * * * * *', () => {})).toThrow();
    expect(() => crons.add('ok', '61 * * * *', () => {})).toThrow();
    expect(crons.list()).toEqual([]);
  });

  it('runs a job now with 204, in the background', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    t.app.crons.add('slow', '0 0 1 1 *', async () => {
      runs++;
      await gate;
    });
    try {
      // 204 comes back while the job is still running.
      await expect(su.crons.run('slow')).resolves.toBe(true);
      await until(async () => runs === 1);
      // A run while the previous one is busy does not overlap it.
      expect((await hit(t, '/api/crons/slow', { method: 'POST', token: su.authStore.token })).status).toBe(
        204,
      );
      release();
      await t.app.crons.run('slow');
      expect(runs).toBe(1);
      await t.app.crons.run('slow');
      expect(runs).toBe(2);
    } finally {
      t.app.crons.remove('slow');
    }
  });

  it('answers 404 for an unknown job', async () => {
    const res = await hit(t, '/api/crons/nope', { method: 'POST', token: su.authStore.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, message: 'Missing or invalid cron job.', data: {} });
  });

  it('is for superusers only: 401 guest, 403 user', async () => {
    const { pb: user } = await t.user();
    for (const pb of [t.client(), user]) {
      const status = pb === user ? 403 : 401;
      await expect(pb.crons.getFullList()).rejects.toMatchObject({ status });
      await expect(pb.crons.run('__logsCleanup__')).rejects.toMatchObject({ status });
    }
  });

  it('__logsCleanup__ deletes logs older than logs.maxDays', async () => {
    const db = await t.app.logs.handle();
    const insert = (id: string, ageMs: number) =>
      db.run(
        `INSERT INTO "_logs" ("id", "created", "level", "message", "data") VALUES (?, ?, 0, 'old', '{}')`,
        [id, formatDate(new Date(Date.now() - ageMs))],
      );
    await insert('retention000old', 10 * DAY);
    await insert('retention00edge', 7 * DAY + 60_000);
    await insert('retention000new', 6 * DAY);
    await t.app.settings.patch({ logs: { maxDays: 7 } });
    const ids = async () =>
      (
        await db.all<{ id: string }>(`SELECT "id" FROM "_logs" WHERE "id" LIKE 'retention%' ORDER BY "id"`)
      ).map((r) => r.id);
    expect(await ids()).toHaveLength(3);
    await su.crons.run('__logsCleanup__');
    await until(async () => (await ids()).length === 1);
    expect(await ids()).toEqual(['retention000new']);
  });

  it('__backups__ follows settings.backups.cron and calls the backup hook', async () => {
    let backups = 0;
    const installed = t.app.backupHook;
    t.app.backupHook = async () => {
      backups++;
    };
    try {
      await t.app.settings.patch({ backups: { cron: '30 2 * * 1' } });
      expect((await su.crons.getFullList()).find((j) => j.id === '__backups__')?.expression).toBe(
        '30 2 * * 1',
      );
      await su.crons.run('__backups__');
      await until(async () => backups === 1);
      await t.app.settings.patch({ backups: { cron: '' } });
      expect((await su.crons.getFullList()).some((j) => j.id === '__backups__')).toBe(false);
      expect(
        (await hit(t, '/api/crons/__backups__', { method: 'POST', token: su.authStore.token })).status,
      ).toBe(404);
      // Without a hook the job does nothing and fails nothing.
      t.app.backupHook = undefined;
      await t.app.settings.patch({ backups: { cron: '0 3 * * *' } });
      await expect(t.app.crons.run('__backups__')).resolves.toBeUndefined();
    } finally {
      t.app.backupHook = installed;
      await t.app.settings.patch({ backups: { cron: '0 3 * * *' } });
    }
  });

  it('__expiredTokensCleanup__ deletes expired one-time passwords and tolerates a missing table', async () => {
    const duration = t.app.settings.get().otp.duration;
    const insert = (id: string, ageSec: number) =>
      t.app.db.run(
        `INSERT INTO "_otps" ("id", "collectionRef", "recordRef", "password", "sentTo", "attempts", "created") VALUES (?, 'c', 'r', 'h', '', 0, ?)`,
        [id, formatDate(new Date(Date.now() - ageSec * 1000))],
      );
    await insert('otpexpired00000', duration + 60);
    await insert('otplive00000000', 5);
    await su.crons.run('__expiredTokensCleanup__');
    const ids = async () =>
      (await t.app.db.all<{ id: string }>(`SELECT "id" FROM "_otps" WHERE "id" LIKE 'otp%'`)).map(
        (r) => r.id,
      );
    await until(async () => (await ids()).length === 1);
    expect(await ids()).toEqual(['otplive00000000']);

    await t.app.db.exec(`ALTER TABLE "_otps" RENAME TO "_otps_away"`);
    try {
      await expect(cleanupExpiredTokens(t.app)).resolves.toBeUndefined();
    } finally {
      await t.app.db.exec(`ALTER TABLE "_otps_away" RENAME TO "_otps"`);
    }
  });
});
