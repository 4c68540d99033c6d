/**
 * Scheduled runs across processes: two servers sharing one PostgreSQL schema run a per-second job
 * once per tick between them (advisory lock per job tick); on SQLite the one process runs every
 * tick. "Run now" always runs in the process that was asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { hit, sleep } from './support.js';

type Run = { server: string; second: number };

/** Starts `servers`' cron registries with a per-second probe job for `ms`, then stops them. */
async function probeTicks(servers: [string, TestServer][], ms: number): Promise<Run[]> {
  const runs: Run[] = [];
  for (const [name, t] of servers) {
    t.app.crons.add(
      'tick_probe',
      '* * * * * *',
      () => {
        runs.push({ server: name, second: Math.floor(Date.now() / 1000) });
      },
      { withSeconds: true },
    );
  }
  for (const [, t] of servers) t.app.crons.start();
  await sleep(ms);
  for (const [, t] of servers) {
    await t.app.crons.stop();
    t.app.crons.remove('tick_probe');
  }
  return runs;
}

function perSecond(runs: Run[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of runs) out.set(r.second, (out.get(r.second) ?? 0) + 1);
  return out;
}

describe.each(engines)('cron ticks (%s)', (engine) => {
  let a: TestServer;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startServer({ engine });
    if (engine === 'postgres') b = await startServer({ engine, shareSchemaWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a.close();
  });

  it('runs each scheduled tick once across the processes sharing the database', async () => {
    const servers: [string, TestServer][] = b
      ? [
          ['a', a],
          ['b', b],
        ]
      : [['a', a]];
    const runs = await probeTicks(servers, 5500);
    const counts = perSecond(runs);
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(runs.length).toBe(counts.size);
  });

  it('"run now" runs in the process asked, whatever the lock', async () => {
    const ran: string[] = [];
    const servers: [string, TestServer][] = b
      ? [
          ['a', a],
          ['b', b],
        ]
      : [['a', a]];
    for (const [name, t] of servers) t.app.crons.add('run_now_probe', '0 0 1 1 *', () => void ran.push(name));
    try {
      for (const [, t] of servers) {
        const su = await t.superuser();
        const res = await hit(t, '/api/crons/run_now_probe', { method: 'POST', token: su.authStore.token });
        expect(res.status).toBe(204);
      }
      const until = Date.now() + 3000;
      while (ran.length < servers.length && Date.now() < until) await sleep(20);
      expect(ran.sort()).toEqual(servers.map(([name]) => name));
    } finally {
      for (const [, t] of servers) t.app.crons.remove('run_now_probe');
    }
  });
});
