/**
 * After a crash, the restarted worker takes up at once the jobs leased to its previous life (same
 * worker id in the data dir, same runner name), not after the lease runs out; other workers'
 * leases are left alone, and so is the lease of the first job the new life claims.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { claimNext } from '../../src/modules/processing/job-queue.js';
import type { GenerationProvider } from '../../src/modules/processing/providers/types.js';
import { photoshoot, queuedShoot, runner, testSettings, until } from './support.js';

/** A provider whose subject preparation never ends until the runner gives up on it. */
const stuck = {
  name: 'stuck',
  prepare: (_s: unknown, signal?: AbortSignal) =>
    new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new Error('stopped')))),
  generate: () => new Promise(() => {}),
  status: () => new Promise(() => {}),
  cancel: async () => {},
  parseWebhook: async () => null,
  close: async () => {},
} as unknown as GenerationProvider;

describe.each(engines)('restart takes up its own leases (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
    await testSettings(t, { leaseSeconds: 3600 });
  });
  afterAll(() => t.close());

  it('re-queues the crashed worker’s job at start-up and leaves another worker’s lease', async () => {
    const mine = await queuedShoot(t);
    const theirs = await queuedShoot(t);
    // The previous life: runner #1 of this data dir's worker claimed a job, then the process died.
    const before = runner(t, { provider: stuck });
    expect(await claimNext(t.app, before.name, 3600)).toMatchObject({ id: mine.id });
    const foreign = 'other-host:abcdefghijkl:1';
    expect(await claimNext(t.app, foreign, 3600)).toMatchObject({ id: theirs.id });
    const theirLease = (await photoshoot(t, theirs.id)).leaseExpiresAt;

    await t.restart();
    const after = runner(t, { provider: stuck });
    expect(after.name).toBe(before.name);
    after.start();
    try {
      // Taken up again (attempt 2, under the new life's lease) long before its hour-long lease ends.
      const again = await until(async () => {
        const ps = await photoshoot(t, mine.id);
        return Number(ps.attempts) === 2 && ps.status === 'processing' ? ps : undefined;
      }, 30_000);
      expect(again.leaseOwner).toBe(after.name);
      const other = await photoshoot(t, theirs.id);
      expect([other.status, other.leaseOwner, other.leaseExpiresAt, Number(other.attempts)]).toEqual([
        'processing',
        foreign,
        theirLease,
        1,
      ]);
    } finally {
      await after.stop(100);
    }
  });

  it('claims its first job only after ending its previous life’s leases', async () => {
    await queuedShoot(t);
    // The previous life's leases end in one UPDATE; slowed down, it must still come first.
    const db = t.app.db;
    const run = db.run.bind(db);
    let ended!: () => void;
    const leasesEnded = new Promise<void>((resolve) => (ended = resolve));
    db.run = (async (sql: string, params?: unknown[]) => {
      if (!sql.includes(`SET "leaseExpiresAt" = ''`)) return run(sql, params);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const res = await run(sql, params);
      ended();
      return res;
    }) as typeof db.run;
    const r = runner(t, { provider: stuck });
    r.start();
    try {
      await leasesEnded;
      // The first job it claims (a job left queued by the case above may come first).
      const id = await until(async () => r.active[0], 30_000);
      const claimed = await photoshoot(t, id);
      expect(claimed.leaseOwner).toBe(r.name);
      // Still leased: ending the old leases by this name did not end the new claim's.
      expect(claimed.leaseExpiresAt).not.toBe('');
    } finally {
      db.run = run;
      await r.stop(100);
    }
  });
});
