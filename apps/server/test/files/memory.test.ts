/**
 * Uploads stream to temporary files: 20 × 8 MB in one request must not raise the server's resident
 * memory by 100 MB. The server runs in a child process so only its memory is measured, as the
 * kernel's peak (VmHWM, reset just before the upload) over the resident size just before.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import PocketBase from 'pocketbase';
import { engines } from '../support/harness.js';

const script = fileURLToPath(new URL('./upload-server.mjs', import.meta.url));

function kib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
}

function next(child: ChildProcess, key: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (key in m) {
        child.off('message', onMessage);
        resolve(m);
      }
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`upload server exited with ${code}`)));
  });
}

describe.each(engines)('upload memory (%s)', (engine) => {
  let child: ChildProcess;
  let dataDir: string;
  let url: string;
  let dropSchema: (() => Promise<void>) | undefined;
  let stderr = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'photoshoot-mem-'));
    let db: unknown = { kind: 'sqlite', dataDir };
    if (engine === 'postgres') {
      const dbUrl = process.env.TEST_DATABASE_URL!;
      const schema = `t_mem_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: dbUrl });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${schema}`);
      await admin.end();
      db = { kind: 'postgres', url: dbUrl, schema };
      dropSchema = async () => {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await c.end();
      };
    }
    child = fork(script, [dataDir, JSON.stringify(db)], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    url = String((await next(child, 'url')).url);
  }, 120_000);

  afterAll(async () => {
    if (child?.connected) {
      child.send('stop');
      await new Promise((r) => child.once('exit', r));
    }
    await dropSchema?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the server under 100 MB more while receiving 20 files of 8 MB', async () => {
    const pb = new PocketBase(url);
    pb.autoCancellation(false);
    const blobDir = mkdtempSync(join(tmpdir(), 'photoshoot-blobs-'));
    try {
      // File-backed blobs: the client streams them from disk too.
      const path = join(blobDir, 'part.bin');
      writeFileSync(path, randomBytes(8 * 1000 * 1000));
      const blob = await openAsBlob(path);
      const form = (n: number, b: Blob) => {
        const fd = new FormData();
        for (let i = 0; i < n; i++) fd.append('docs', b, `part-${i}.bin`);
        return fd;
      };
      // Warm-up: the first upload loads code paths and buffers that are not per-request.
      await pb.collection('fbig').create(form(20, new Blob([randomBytes(64 * 1024)])));
      child.send('gc');
      await next(child, 'gc');
      const before = kib(child.pid!, 'VmRSS');
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
      const rec = await pb.collection('fbig').create(form(20, blob));
      const peak = kib(child.pid!, 'VmHWM');
      expect(rec.docs).toHaveLength(20);
      const first = await fetch(pb.files.getURL(rec, rec.docs[0]), { method: 'HEAD' });
      expect(first.headers.get('content-length')).toBe(String(8 * 1000 * 1000));
      const riseMiB = (peak - before) / 1024;
      console.log(`upload memory: rise ${riseMiB.toFixed(1)} MiB`);
      expect(riseMiB, `server RSS rose by ${riseMiB.toFixed(1)} MiB`).toBeLessThan(100);
      expect(riseMiB).toBeGreaterThan(-1);
    } finally {
      rmSync(blobDir, { recursive: true, force: true });
    }
    expect(stderr).not.toMatch(/Error/);
  }, 120_000);
});
