/** The scheduled backup: the `__backups__` cron job makes auto-named backups and keeps `backups.cronMaxKeep` of them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { backupCollections, closeServer, waitUntilIdle } from './support.js';

const SCHEDULED = /^auto_pb_backup_\d{14}(_\d+)?\.zip$/;

describe.each(engines)('scheduled backups (%s)', (engine) => {
  let t: TestServer;
  let su: PocketBase;

  beforeAll(async () => {
    t = await startServer({ engine, collections: backupCollections });
    su = await t.superuser();
  });
  afterAll(() => closeServer(t));

  it('runs through the cron job and deletes the oldest scheduled backups beyond cronMaxKeep, never others', async () => {
    await su.settings.update({ backups: { cronMaxKeep: 2 } });
    await su.backups.create('manual.zip');
    await su.backups.create('');

    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const before = new Set((await su.backups.getFullList()).map((b) => b.key));
      await su.crons.run('__backups__');
      await waitUntilIdle(su);
      const added = (await su.backups.getFullList()).map((b) => b.key).filter((k) => !before.has(k));
      expect(added).toHaveLength(1);
      expect(added[0]).toMatch(SCHEDULED);
      made.push(added[0]!);
    }

    const keys = (await su.backups.getFullList()).map((b) => b.key);
    expect(keys.filter((k) => SCHEDULED.test(k)).sort()).toEqual(made.slice(1).sort());
    expect(keys).toContain('manual.zip');
    expect(keys.some((k) => /^pb_backup_\d{14}\.zip$/.test(k))).toBe(true);
  });

  it('is the hook the cron job calls, and a second run refuses to overlap the first', async () => {
    expect(typeof t.app.backupHook).toBe('function');
    const first = t.app.backupHook!();
    expect(t.app.backups.busy).toBe(true);
    await expect(t.app.backupHook!()).rejects.toMatchObject({ status: 400 });
    await first;
    expect(t.app.backups.busy).toBe(false);
  });
});
