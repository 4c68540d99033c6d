/**
 * The data dir's worker id (worker-identity.ts): a process coming back after its holder died takes
 * it over, a second live process gets its own, and of several processes starting at once on a
 * dead holder's record exactly one takes it over, so no two live workers ever share a lease name.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { takeWorkerIdentity, type WorkerIdentity } from '../../src/modules/processing/worker-identity.js';

const TS_RUNNER = fileURLToPath(new URL('../../src/tools/ts-worker.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('./take-identity-child.ts', import.meta.url));
const RECORD = 'worker-identity.json';
const ID = 'abcdefghijkl';

/** A pid no process has: one that ran and exited. */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

const dirs: string[] = [];
function dataDir(holder?: { id: string; pid: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'photoshoot-identity-'));
  dirs.push(dir);
  if (holder) writeFileSync(join(dir, RECORD), JSON.stringify(holder));
  return dir;
}
const recorded = (dir: string) =>
  JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as { id: string; pid: number };

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the worker id of a data dir', () => {
  it('is taken over from a holder that died, and recorded as this process’s', () => {
    const dir = dataDir({ id: ID, pid: deadPid() });
    expect(takeWorkerIdentity(dir)).toEqual({ id: ID, inherited: true });
    expect(recorded(dir)).toEqual({ id: ID, pid: process.pid });
  });

  it('is not taken from a live holder: the newcomer gets an id of its own', () => {
    const dir = dataDir({ id: ID, pid: process.ppid });
    const mine = takeWorkerIdentity(dir);
    expect(mine.inherited).toBe(false);
    expect(mine.id).toMatch(/^[a-z0-9]{12}$/);
    expect(mine.id).not.toBe(ID);
    expect(recorded(dir)).toEqual({ id: ID, pid: process.ppid });
  });

  it('is not taken while another process is taking it over', () => {
    const dead = deadPid();
    const dir = dataDir({ id: ID, pid: dead });
    writeFileSync(join(dir, `${RECORD}.${dead}.claim`), '1\n');
    const mine = takeWorkerIdentity(dir);
    expect(mine.inherited).toBe(false);
    expect(mine.id).not.toBe(ID);
  });

  it('goes to exactly one of several processes starting at once on a dead holder’s record', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = dataDir({ id: ID, pid: deadPid() });
      const children = Array.from({ length: 5 }, () => startChild(dir));
      await Promise.all(children.map((c) => c.ready));
      const startAt = Date.now() + 100;
      const taken = await Promise.all(children.map((c) => c.take(startAt)));
      // Every process stays alive until all have taken their id: a holder that exited is rightly
      // taken over by the next one.
      await Promise.all(children.map((c) => c.stop()));
      expect(
        taken.filter((t) => t.inherited),
        JSON.stringify(taken),
      ).toHaveLength(1);
      expect(new Set(taken.map((t) => t.id)).size).toBe(taken.length);
      expect(recorded(dir).id).toBe(ID);
    }
  }, 120_000);
});

/** A process of take-identity-child.ts, driven line by line over its stdin and stdout. */
function startChild(dir: string) {
  const child = spawn(process.execPath, [TS_RUNNER, CHILD], {
    env: { ...process.env, DATA_DIR: dir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let rest = '';
  child.stdout.on('data', (d: Buffer) => {
    rest += d.toString();
    for (let nl = rest.indexOf('\n'); nl >= 0; nl = rest.indexOf('\n')) {
      const line = rest.slice(0, nl);
      rest = rest.slice(nl + 1);
      const next = waiting.shift();
      if (next) next(line);
      else lines.push(line);
    }
  });
  const nextLine = () =>
    Promise.race([
      new Promise<string>((resolve) => {
        const line = lines.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      }),
      exited.then((code) => Promise.reject(new Error(`the process exited (${code}) early`))),
    ]);
  return {
    ready: nextLine().then((line) => expect(line).toBe('ready')),
    take: async (startAt: number): Promise<WorkerIdentity> => {
      child.stdin.write(`${startAt}\n`);
      return JSON.parse(await nextLine()) as WorkerIdentity;
    },
    stop: async () => {
      child.stdin.end();
      expect(await exited).toBe(0);
    },
  };
}
