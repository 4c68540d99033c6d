import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/harness.js';
import { snapshotSqlite } from '../../src/core/backups/sqlite-backup.js';
import type { SqliteDb } from '../../src/core/db/sqlite.js';

// SQLite only: a PostgreSQL backup is a dump of live rows already.
describe('a SQLite backup holds no free pages', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({ engine: 'sqlite' });
  });
  afterAll(() => t?.close());

  it('leaves out what deleted rows left behind (a reset token, an old secret)', async () => {
    const marker = `deleted-secret-${Date.now()}-`.repeat(40);
    const u = await t.user({ name: marker.slice(0, 250) });
    await t.app.db.run(`DELETE FROM "users" WHERE "id" = ?`, [u.id]);
    const workDir = mkdtempSync(join(tmpdir(), 'backup-free-pages-'));
    try {
      const { dbFile } = await snapshotSqlite(t.app.db as SqliteDb, join(t.dataDir, 'storage'), workDir);
      const bytes = readFileSync(dbFile);
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes(Buffer.from(marker.slice(0, 60)))).toBe(false);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });
});
