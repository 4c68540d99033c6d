/**
 * The built `photoshoot` command as an operator runs it: superuser upsert, serve on a chosen
 * address (which becomes the application URL until an operator sets one), the first-start hint, a
 * graceful SIGTERM that closes the database cleanly, and the bin's allocator settings.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = resolve(import.meta.dirname, '../../dist/cli.js');
/** The `photoshoot` bin as npm links it: run as a file, through its first line. */
const BIN = resolve(import.meta.dirname, '../../bin/photoshoot.js');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'photoshoot-cli-'));
  dirs.push(d);
  return d;
}

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** Env without DATABASE_URL so these runs stay on SQLite. */
function sqliteEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
}

/** The environment of an operator who set none of glibc's allocator settings. */
function withoutAllocatorSettings(): NodeJS.ProcessEnv {
  const env = sqliteEnv();
  for (const k of Object.keys(env)) if (k.startsWith('MALLOC_')) delete env[k];
  return env;
}

function startServe(
  dir: string,
  port: number,
  how: { bin?: boolean; env?: NodeJS.ProcessEnv } = {},
): { child: ChildProcess; output: () => string } {
  let out = '';
  const args = ['serve', `--http=127.0.0.1:${port}`, `--dir=${dir}`];
  const child = spawn(how.bin ? BIN : process.execPath, how.bin ? args : [CLI, ...args], {
    env: how.env ?? sqliteEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return { child, output: () => out };
}

async function waitHealthy(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('photoshoot CLI', () => {
  it('upserts a superuser who can then sign in over HTTP', async () => {
    const dir = tempDir();
    const run = (pw: string) =>
      spawnSync(process.execPath, [CLI, 'superuser', 'upsert', 'ops@example.com', pw, `--dir=${dir}`], {
        env: sqliteEnv(),
        encoding: 'utf8',
      });
    const first = run('first-password-1');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('created');
    const second = run('second-password-2');
    expect(second.status).toBe(0);
    expect(second.stdout).toContain('updated');

    const port = await freePort();
    const { output } = startServe(dir, port);
    await waitHealthy(port);
    expect(output()).not.toContain('No superuser exists yet');
    const auth = (pw: string) =>
      fetch(`http://127.0.0.1:${port}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: 'ops@example.com', password: pw }),
      });
    expect((await auth('first-password-1')).status).toBe(400);
    const ok = await auth('second-password-2');
    expect(ok.status).toBe(200);
    const { token } = (await ok.json()) as { token: string };
    expect(token).toMatch(/^ey/);
    // A fresh data directory mails links to the address it serves on, not the default port.
    const settings = await fetch(`http://127.0.0.1:${port}/api/settings`, {
      headers: { authorization: token },
    });
    expect(((await settings.json()) as { meta: { appURL: string } }).meta.appURL).toBe(
      `http://127.0.0.1:${port}`,
    );
  }, 120_000);

  it('rejects bad usage with a message and a non-zero exit', () => {
    const res = spawnSync(process.execPath, [CLI, 'superuser', 'upsert', 'only-email@example.com'], {
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Usage');
    const bad = spawnSync(process.execPath, [CLI, 'serve', '--http=nonsense'], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--http must be HOST:PORT');
  });

  it('prints how to create a superuser on first start and shuts down cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const port = await freePort();
    const { child, output } = startServe(dir, port, { env: withoutAllocatorSettings() });
    await waitHealthy(port);
    expect(output()).toContain('No superuser exists yet');
    expect(output()).toContain('superuser upsert');
    // Started as `node dist/cli.js`, glibc's allocator kept its defaults, and the server says so.
    expect(output()).toContain('Start it as `npx photoshoot serve`');
    // Outside --dev, requests (the health polls above) go to the stored log only, not to stdout.
    expect(output()).not.toContain('incoming request');
    expect(output()).not.toContain('request completed');
    // A request already in flight when the signal arrives (its body half sent) still gets its answer.
    const socket = connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let response = '';
    socket.on('data', (b: Buffer) => (response += b.toString()));
    const ended = new Promise((r) => socket.once('close', r));
    const body = JSON.stringify({ identity: 'nobody@example.com', password: 'wrong-password' });
    socket.write(
      `POST /api/collections/users/auth-with-password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(10));
    await ended;
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(response).toContain('Failed to authenticate.');
    expect(await exited).toBe(0);
    // better-sqlite3 checkpoints and removes the WAL when the database is closed properly.
    expect(existsSync(join(dir, 'data.db'))).toBe(true);
    expect(existsSync(join(dir, 'data.db-wal'))).toBe(false);
  });

  it("runs the server from its bin with glibc allocator settings, keeping an operator's own", async () => {
    const environOf = (pid: number) =>
      Object.fromEntries(
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter((kv) => kv.startsWith('MALLOC_'))
          .map((kv) => kv.split('=') as [string, string]),
      );
    const plain = withoutAllocatorSettings();
    const port = await freePort();
    const { child, output } = startServe(tempDir(), port, { bin: true, env: plain });
    await waitHealthy(port);
    expect(output()).not.toContain('npx photoshoot serve');
    // The shell replaced itself with Node (one process, which SIGTERM reaches), and glibc saw:
    expect(readlinkSync(`/proc/${child.pid}/exe`)).toMatch(/\/node[^/]*$/);
    expect(environOf(child.pid!)).toEqual({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const port2 = await freePort();
    const own = startServe(tempDir(), port2, { bin: true, env: { ...plain, MALLOC_ARENA_MAX: '4' } });
    await waitHealthy(port2);
    expect(environOf(own.child.pid!).MALLOC_ARENA_MAX).toBe('4');
    expect(environOf(own.child.pid!).MALLOC_MMAP_THRESHOLD_).toBe('131072');
  }, 60_000);
});
