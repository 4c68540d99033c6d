/**
 * An aggregate row (COUNT, SUM over integers) reads the same on both engines: numbers, so the
 * modules read `db.get<{ n: number }>` without converting. PostgreSQL's COUNT is a bigint, which
 * its driver would otherwise hand back as a string.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../src/core/db/connect.js';
import type { Db } from '../../src/core/db/db.js';
import { engines } from '../support/harness.js';

const ROWS = `SELECT 1 AS x UNION ALL SELECT 2 AS x UNION ALL SELECT 2 AS x`;
const AGGREGATE = `SELECT COUNT(*) AS n, COUNT(DISTINCT x) AS d, SUM(CASE WHEN x = 2 THEN 1 ELSE 0 END) AS twos FROM (${ROWS}) t`;

describe.each(engines)('aggregate rows (%s)', (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aggregate-rows-'));
  const db: Db =
    engine === 'sqlite'
      ? connect({ kind: 'sqlite', dataDir })
      : connect({ kind: 'postgres', url: String(process.env.TEST_DATABASE_URL) });

  afterAll(async () => {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands counts and integer sums back as numbers', async () => {
    expect(await db.get(AGGREGATE)).toEqual({ n: 3, d: 2, twos: 2 });
  });

  it('does so inside a transaction too', async () => {
    expect(await db.transaction((tx) => tx.get(AGGREGATE))).toEqual({ n: 3, d: 2, twos: 2 });
  });
});
