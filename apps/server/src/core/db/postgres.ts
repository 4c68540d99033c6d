import pg from 'pg';
import { ConstraintError, type Db, type Row } from './db.js';

/** Rewrites `?` placeholders to `$n`, leaving quoted strings and identifiers alone. */
export function toPgPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

const converted = new Map<string, string>();
function convert(sql: string): string {
  let c = converted.get(sql);
  if (c === undefined) {
    c = toPgPlaceholders(sql);
    if (converted.size > 5000) converted.clear();
    converted.set(sql, c);
  }
  return c;
}

type Queryable = pg.Pool | pg.PoolClient;

/**
 * COUNT, and SUM over integers, are bigints, which pg hands back as strings; SQLite gives numbers.
 * No column is stored as a bigint (numbers are DOUBLE PRECISION), so a bigint is such an
 * aggregate, far inside 2^53, and comes back as a number too: an aggregate row reads the same
 * on both engines (`db.get<{ n: number }>`).
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    id === pg.types.builtins.INT8 && format !== 'binary' ? Number : pg.types.getTypeParser(id, format),
};

async function query<T>(
  target: Queryable,
  sql: string,
  params: readonly unknown[] = [],
): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
  try {
    return await target.query<T & pg.QueryResultRow>(
      convert(sql),
      params.map((p) => (p === undefined ? null : p)),
    );
  } catch (err) {
    throw normalise(err);
  }
}

/** PostgreSQL through a pg pool. `schema` (tests) confines every connection to one schema. */
export class PostgresDb implements Db {
  readonly dialect = 'postgres' as const;
  constructor(readonly pool: pg.Pool) {}

  static open(url: string, schema?: string): PostgresDb {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      types,
      options: schema ? `-c search_path=${schema}` : undefined,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    return new PostgresDb(pool);
  }

  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    return (await query<T>(this.pool, sql, params)).rows;
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }
  async run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }> {
    return { changes: (await query(this.pool, sql, params)).rowCount ?? 0 };
  }
  async exec(sql: string): Promise<void> {
    await query(this.pool, sql);
  }
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx = new PostgresTx(client);
    try {
      await client.query('BEGIN');
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

class PostgresTx implements Db {
  readonly dialect = 'postgres' as const;
  constructor(private readonly client: pg.PoolClient) {}
  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    return (await query<T>(this.client, sql, params)).rows;
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }
  async run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }> {
    return { changes: (await query(this.client, sql, params)).rowCount ?? 0 };
  }
  async exec(sql: string): Promise<void> {
    await query(this.client, sql);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

function normalise(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string; detail?: string };
  if (e?.code === '23505') {
    const cols = /^Key \((.+?)\)=/.exec(e.detail ?? '')?.[1];
    return new ConstraintError(
      'unique',
      [e.constraint ?? '', ...(cols ? cols.split(',').map((c) => c.trim()) : [])],
      {
        cause: err,
      },
    );
  }
  if (e?.code === '23503') return new ConstraintError('foreign_key', [e.constraint ?? ''], { cause: err });
  if (e?.code?.startsWith('23')) return new ConstraintError('other', [e.constraint ?? ''], { cause: err });
  return err;
}
