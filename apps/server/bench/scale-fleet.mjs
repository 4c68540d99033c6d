/**
 * The processes of the scale-out bench, started as an operator would run them on separate
 * machines (each with a data dir of its own; what they share is PostgreSQL and the bucket):
 * the S3 test double, `photoshoot serve` ×2 and `photoshoot worker`, all on 127.0.0.1. Every
 * start is registered so `stopAll` ends them (SIGTERM, SIGKILL after a bound), also on failure.
 */
import { execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const CLI = join(here, '../dist/cli.js');
const STOP_GRACE_MS = 20_000;
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const running = new Set();
const dirs = new Set();

/** CPU seconds (user + system, all threads) the process `pid` has used so far. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ") "; utime, stime are 14, 15.
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

/** A port the OS has just handed out on 127.0.0.1 (free again once this returns). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.add(dir);
  return dir;
}

function track(name, child) {
  let tail = '';
  const keep = (d) => (tail = (tail + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  const proc = { name, child, pid: child.pid, exited, output: () => tail, stopping: false };
  running.add(proc);
  exited.then(() => running.delete(proc));
  return proc;
}

/** The S3 double (s3-double.mjs) in its own process; resolves with its endpoint. */
export async function startS3(bucket) {
  const child = fork(join(here, 's3-double.mjs'), [], {
    env: { ...process.env, BENCH_S3_DIR: tempDir('photoshoot-bench-s3-'), BENCH_S3_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const proc = track('s3', child);
  const port = await Promise.race([
    new Promise((resolve) =>
      child.on('message', (/** @type {any} */ m) => m?.type === 'ready' && resolve(m.port)),
    ),
    proc.exited.then((code) => {
      throw new Error(`the S3 double exited (${code}): ${proc.output()}`);
    }),
  ]);
  return { ...proc, endpoint: `http://127.0.0.1:${port}` };
}

/** `node [execArgv] dist/cli.js <args>` with `env`; a data dir of its own. */
export function startCli(name, args, env, execArgv = []) {
  const dir = tempDir(`photoshoot-bench-${name}-`);
  const child = spawn(process.execPath, [...execArgv, CLI, ...args, `--dir=${dir}`], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return track(name, child);
}

/** Polls GET /api/health until it answers 200; fails when the process exits or after `seconds`. */
export async function untilHealthy(proc, base, seconds = 90) {
  const end = Date.now() + seconds * 1000;
  let dead = null;
  proc.exited.then((code) => (dead = code));
  for (;;) {
    if (dead !== null) throw new Error(`${proc.name} exited (${dead}): ${proc.output()}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > end) throw new Error(`${proc.name} did not answer in ${seconds} s: ${proc.output()}`);
    await sleep(250);
  }
}

async function stop(proc) {
  if (proc.stopping) return proc.exited;
  proc.stopping = true;
  proc.child.kill('SIGTERM');
  const killer = setTimeout(() => proc.child.kill('SIGKILL'), STOP_GRACE_MS);
  await proc.exited;
  clearTimeout(killer);
}

/** Stops every process started here (API and worker first, the S3 double last) and removes their dirs. */
export async function stopAll() {
  const procs = [...running];
  await Promise.all(procs.filter((p) => p.name !== 's3').map(stop));
  await Promise.all(procs.filter((p) => p.name === 's3').map(stop));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

/** Last resort on an abrupt exit: nothing may outlive the bench. */
export function killAllNow() {
  for (const p of running) p.child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

/** True while the process is alive (for the end-of-run check that nobody crashed mid-load). */
export const alive = (proc) => proc.child.exitCode === null && proc.child.signalCode === null;

/**
 * A PostgreSQL schema of the bench's own on `url`; `databaseUrl` points a process at it the way
 * an operator would (`options=-c search_path=...`); `drop` removes it (idempotent).
 */
export async function benchSchema(url) {
  const { default: pg } = await import('pg');
  const schema = `bench_scale_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  let dropped = false;
  return {
    schema,
    databaseUrl: databaseUrl.toString(),
    /** @param {string} sql @param {unknown[]} [params] @returns {Promise<any[]>} */
    async query(sql, params) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`SET search_path TO ${schema}`);
        return (await c.query(sql, params)).rows;
      } finally {
        await c.end();
      }
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Established TCP connections to `port` on 127.0.0.1: per process id, the local ports (ss -tnp). */
export function connectionsTo(port) {
  const out = execFileSync('ss', ['-Htnp', 'state', 'established', `dport = :${port}`]).toString();
  const per = new Map();
  for (const line of out.split('\n')) {
    const local = /^\S+\s+\S+\s+\S+:(\d+)\s/.exec(line)?.[1];
    const pid = /pid=(\d+)/.exec(line)?.[1];
    if (!local || !pid) continue;
    per.set(Number(pid), [...(per.get(Number(pid)) ?? []), Number(local)]);
  }
  return per;
}

/**
 * The PostgreSQL backends serving `procs` (matched by their connections' client ports) and the
 * CPU seconds each has used so far: the database's share of the work, which no Node process sees.
 * The server runs on this machine, so its backends' /proc entries are readable.
 */
export async function backendsOf(pg, pgPort, procs) {
  const per = connectionsTo(pgPort);
  const owner = new Map();
  for (const p of procs) for (const port of per.get(p.pid) ?? []) owner.set(port, p.name);
  const rows = await pg.query(
    'SELECT "pid", "client_port" FROM pg_stat_activity WHERE "client_port" = ANY($1)',
    [[...owner.keys()]],
  );
  return rows.map((r) => {
    let cpu = null;
    try {
      cpu = cpuSeconds(r.pid);
    } catch {
      // the backend ended between the query and the read
    }
    return { pid: r.pid, of: owner.get(r.client_port), cpu };
  });
}
