/**
 * `photoshoot worker` as real processes (the built dist/cli.js) sharing the test server's
 * database and storage: a worker SIGKILLed in the middle of a job is replaced and the photoshoot
 * still ends with exactly the expected results; on PostgreSQL two workers drain ten queued
 * photoshoots and each is processed exactly once (FOR UPDATE SKIP LOCKED), and a subscriber of the
 * test server (a `serve` without an embedded job runner) sees the progress a worker process
 * writes, through PostgreSQL LISTEN/NOTIFY. Build first:
 * `npm run build -w apps/server` (the suite builds when dist/ lacks the worker).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engines, startServer, type TestServer } from '../support/harness.js';
import { photoshoot, queuedShoot, resultsOf, testSettings, until } from './support.js';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
const BUILT_RUNNER = fileURLToPath(new URL('../../dist/modules/processing/job-runner.js', import.meta.url));

beforeAll(() => {
  if (existsSync(CLI) && existsSync(BUILT_RUNNER)) return;
  spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: SERVER_DIR, stdio: 'inherit' });
}, 300_000);

/** The DATABASE_URL a worker process needs to see the test server's database. */
function databaseUrl(t: TestServer): string | undefined {
  const db = t.app.options.db;
  if (db.kind !== 'postgres') return undefined;
  const url = new URL(db.url);
  if (db.schema) url.searchParams.set('options', `-c search_path=${db.schema}`);
  return url.toString();
}

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const started: Worker[] = [];

function startWorker(t: TestServer): Worker {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const url = databaseUrl(t);
  if (url) env.DATABASE_URL = url;
  const child = spawn(process.execPath, [CLI, 'worker', `--dir=${t.dataDir}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const w = { child, output: () => out, exited };
  started.push(w);
  return w;
}

afterEach(async () => {
  for (const w of started.splice(0)) {
    if (w.child.exitCode === null && w.child.signalCode === null) {
      w.child.kill('SIGKILL');
      await w.exited;
    }
  }
});

async function transitions(t: TestServer, id: string) {
  return t.app.db.all<{ fromStatus: string; toStatus: string; actorId: string }>(
    `SELECT "fromStatus", "toStatus", "actorId" FROM "photoshoot_events" WHERE "photoshoot" = ? ORDER BY "created"`,
    [id],
  );
}

describe.each(engines)('worker processes (%s)', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine });
  });
  afterAll(() => t.close());

  it('finishes the job of a worker killed mid-job with exactly the expected results', async () => {
    await testSettings(t, { leaseSeconds: 3, workerConcurrency: 1 });
    const shoot = await queuedShoot(t, { styles: 2, images: 2, photos: 2 });
    const first = startWorker(t);
    // Kill it once it is in the middle: claimed, some results stored, not all.
    await until(async () => (await resultsOf(t, shoot.id)).length >= 1 || undefined, 240_000, 50);
    first.child.kill('SIGKILL');
    await first.exited;
    const midway = await photoshoot(t, shoot.id);
    expect(midway.status).toBe('processing');
    const before = (await resultsOf(t, shoot.id)).length;
    expect(before).toBeLessThan(4);

    const second = startWorker(t);
    const done = await until(
      async () => {
        const ps = await photoshoot(t, shoot.id);
        return ['completed', 'failed'].includes(String(ps.status)) ? ps : undefined;
      },
      300_000,
      200,
    );
    expect(done.status, second.output()).toBe('completed');
    expect(done.attempts).toBe(2);
    const results = await resultsOf(t, shoot.id);
    expect(results).toHaveLength(4);
    expect(new Set(results.map((r) => `${r.style}:${r.variant}`)).size).toBe(4);
    const moves = (await transitions(t, shoot.id)).map((e) => `${e.fromStatus}>${e.toStatus}`);
    expect(moves).toEqual([
      '>draft',
      'draft>queued',
      'queued>processing',
      'processing>queued',
      'queued>processing',
      'processing>completed',
    ]);

    // SIGTERM: the worker stops claiming and exits cleanly.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 600_000);

  // SKIP LOCKED is PostgreSQL's; the SQLite run covers the crash test above.
  if (engine === 'postgres')
    it('two workers share ten queued photoshoots and process each exactly once', async () => {
      await testSettings(t, { leaseSeconds: 30, workerConcurrency: 1 });
      const shoots = [];
      for (let i = 0; i < 10; i++) shoots.push(await queuedShoot(t, { images: 1 }));
      const workers = [startWorker(t), startWorker(t)];
      const ids = shoots.map((s) => s.id);
      await until(
        async () => {
          const rows = await t.app.db.all<{ status: string }>(
            `SELECT "status" FROM "photoshoots" WHERE "id" IN (${ids.map(() => '?').join(', ')})`,
            ids,
          );
          return rows.every((r) => r.status === 'completed') || undefined;
        },
        540_000,
        250,
      );
      const claimers = new Set<string>();
      for (const id of ids) {
        const ps = await photoshoot(t, id);
        expect(ps.attempts).toBe(1);
        const claims = (await transitions(t, id)).filter((e) => e.toStatus === 'processing');
        expect(claims).toHaveLength(1);
        claimers.add(claims[0]!.actorId);
        expect(await resultsOf(t, id)).toHaveLength(1);
      }
      // Both processes took part (each claimed at least one).
      expect(claimers.size, workers.map((w) => w.output()).join('\n')).toBe(2);
    }, 600_000);

  // Cross-process publishing is PostgreSQL's (one process per SQLite database).
  if (engine === 'postgres')
    it("a subscriber of the serve process gets a worker process's progress, each within a second", async () => {
      await testSettings(t, { leaseSeconds: 30, workerConcurrency: 1 });
      const shoot = await queuedShoot(t, { styles: 2, images: 2 });
      const owner = await t.app.db.get<{ email: string }>(`SELECT "email" FROM "users" WHERE "id" = ?`, [
        shoot.user,
      ]);
      const pb = t.client();
      await pb.collection('users').authWithPassword(owner!.email, 'user-password-1');
      const seen: { progress: number; status: string; lagMs: number }[] = [];
      await pb.collection('photoshoots').subscribe(shoot.id, (e) => {
        const written = Date.parse(String(e.record.updated).replace(' ', 'T'));
        seen.push({
          progress: Number(e.record.progress),
          status: String(e.record.status),
          lagMs: Date.now() - written,
        });
      });
      const worker = startWorker(t);
      const done = await until(
        async () => {
          const ps = await photoshoot(t, shoot.id);
          return ['completed', 'failed'].includes(String(ps.status)) ? ps : undefined;
        },
        300_000,
        200,
      );
      expect(done.status, worker.output()).toBe('completed');
      await until(async () => seen.some((s) => s.status === 'completed') || undefined, 10_000, 50).catch(
        () => null,
      );
      await pb.collection('photoshoots').unsubscribe();

      const during = seen.filter((s) => s.status === 'processing');
      expect(during.length, JSON.stringify(seen)).toBeGreaterThanOrEqual(2);
      expect(new Set(during.map((s) => s.progress)).size).toBeGreaterThanOrEqual(2);
      // Every update arrived within a second of its write (same clock: one machine).
      expect(seen.filter((s) => !(s.lagMs >= 0 && s.lagMs < 1000))).toEqual([]);
    }, 600_000);
});
