import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/core/logs/log-store.js';
import { redactUrl } from '../../src/core/logs/redact.js';
import { SqliteDb } from '../../src/core/db/sqlite.js';
import { sleep } from './support.js';

describe('log store', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'photoshoot-logs-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  const count = async (store: LogStore) =>
    Number((await (await store.handle()).get<{ n: number }>('SELECT COUNT(*) AS n FROM "_logs"'))?.n);
  const entry = (i: number) => ({ level: 0, message: `GET /x?i=${i}`, data: { i } });

  it('writes in batches: after ~200 ms, or at once when 500 entries are waiting', async () => {
    const store = new LogStore(newDir());
    try {
      store.add(entry(0));
      expect(await count(store)).toBe(0);
      await sleep(350);
      expect(await count(store)).toBe(1);
      for (let i = 1; i <= 500; i++) store.add(entry(i));
      await new Promise((resolve) => setImmediate(resolve));
      expect(await count(store)).toBe(501);
    } finally {
      await store.close();
    }
  });

  it('does not create its file until something is logged or read, and flushes on close', async () => {
    const dir = newDir();
    const store = new LogStore(dir);
    store.add(entry(1));
    expect(existsSync(join(dir, 'auxiliary.db'))).toBe(false);
    await store.close();
    const db = SqliteDb.open(join(dir, 'auxiliary.db'));
    try {
      expect(await db.get('SELECT "message" FROM "_logs"')).toEqual({ message: 'GET /x?i=1' });
      expect(await db.get<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    } finally {
      await db.close();
    }
    // Closed: later entries are dropped quietly instead of reopening the file.
    store.add(entry(2));
    await expect(store.handle()).rejects.toThrow();
  });
});

describe('URL redaction', () => {
  it('replaces secret query values and drops credentials and fragments', () => {
    expect(redactUrl('/api/files/c/r/a.png?token=abc&thumb=100x100')).toBe(
      '/api/files/c/r/a.png?token=REDACTED&thumb=100x100',
    );
    expect(redactUrl('/api/oauth2-redirect?code=c0de&state=st4te&x=1')).toBe(
      '/api/oauth2-redirect?code=REDACTED&state=REDACTED&x=1',
    );
    expect(redactUrl('https://user:pw@app.test/reset-password?Token=abc#frag')).toBe(
      'https://app.test/reset-password?Token=REDACTED',
    );
    expect(redactUrl('/x?access_token=1&refresh%5Ftoken=2&password=3&api_key=4&filter=a')).toBe(
      '/x?access_token=REDACTED&refresh%5Ftoken=REDACTED&password=REDACTED&api_key=REDACTED&filter=a',
    );
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?token')).toBe('/x?token');
  });
});
