import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import { ConstraintError, type Db, type Row } from './db.js';

type Statement = Database.Statement<unknown[], Row>;

/**
 * better-sqlite3 behind the async Db interface. The connection is shared, so a transaction takes
 * an async lock: queries from other requests wait until it ends instead of landing inside it.
 */
export class SqliteDb implements Db {
  readonly dialect = 'sqlite' as const;
  private readonly cache = new Map<string, Statement>();
  private txTail: Promise<void> = Promise.resolve();
  private txActive: Promise<void> | null = null;
  /** Marks the async context that holds the lock through `exclusive`, so its own queries pass. */
  private readonly holder = new AsyncLocalStorage<Promise<void>>();

  constructor(private readonly conn: Database.Database) {}

  static open(file: string): SqliteDb {
    const conn = new Database(file);
    conn.pragma('journal_mode = WAL');
    conn.pragma('busy_timeout = 10000');
    conn.pragma('foreign_keys = ON');
    conn.pragma('synchronous = NORMAL');
    conn.pragma('cache_size = -32000');
    return new SqliteDb(conn);
  }

  /** The raw connection, for online backups. */
  get raw(): Database.Database {
    return this.conn;
  }

  private stmt(sql: string): Statement {
    let s = this.cache.get(sql);
    if (!s) {
      s = this.conn.prepare(sql) as Statement;
      if (this.cache.size > 2000) this.cache.clear();
      this.cache.set(sql, s);
    }
    return s;
  }

  private async idle(): Promise<void> {
    while (this.txActive) await this.txActive;
  }

  /** True when a lock is held by someone other than the calling async context. */
  private locked(): boolean {
    return this.txActive !== null && this.holder.getStore() !== this.txActive;
  }

  /**
   * Runs `fn` holding the connection's lock without opening a transaction: every other query and
   * transaction waits, while `fn` (and whatever it awaits) uses this Db normally. Backups use it to
   * copy the file, and restores to replace it underneath the connection.
   */
  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const prev = this.txTail;
    this.txTail = prev.then(() => mine);
    await prev;
    this.txActive = mine;
    try {
      return await this.holder.run(mine, fn);
    } finally {
      // note: `fn` may have replaced the schema; statements prepared before must not be reused.
      this.cache.clear();
      this.txActive = null;
      release();
    }
  }

  allSync<T>(sql: string, params: readonly unknown[] = []): T[] {
    try {
      return this.stmt(sql).all(...bind(params)) as T[];
    } catch (err) {
      throw normalise(err);
    }
  }

  /** The first row only: stops the statement after it instead of collecting every row. */
  getSync<T>(sql: string, params: readonly unknown[] = []): T | undefined {
    try {
      return this.stmt(sql).get(...bind(params)) as T | undefined;
    } catch (err) {
      throw normalise(err);
    }
  }

  runSync(sql: string, params: readonly unknown[] = []): { changes: number } {
    try {
      const s = this.stmt(sql);
      if (s.reader) {
        s.all(...bind(params));
        return { changes: 0 };
      }
      return { changes: s.run(...bind(params)).changes };
    } catch (err) {
      throw normalise(err);
    }
  }

  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    if (this.locked()) await this.idle();
    return this.allSync<T>(sql, params);
  }

  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    if (this.locked()) await this.idle();
    return this.getSync<T>(sql, params);
  }

  async run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }> {
    if (this.locked()) await this.idle();
    return this.runSync(sql, params);
  }

  async exec(sql: string): Promise<void> {
    if (this.locked()) await this.idle();
    this.conn.exec(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (this.txActive !== null && !this.locked()) return this.transactionUnderLock(fn);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const prev = this.txTail;
    this.txTail = prev.then(() => mine);
    await prev;
    this.txActive = mine;
    try {
      return await this.transactionUnderLock(fn);
    } finally {
      this.txActive = null;
      release();
    }
  }

  /** BEGIN … COMMIT for a caller that already owns the lock (`transaction` or the holder of `exclusive`). */
  private async transactionUnderLock<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const tx = new SqliteTx(this);
    try {
      this.conn.exec('BEGIN IMMEDIATE');
      const result = await fn(tx);
      this.conn.exec('COMMIT');
      return result;
    } catch (err) {
      if (this.conn.inTransaction) this.conn.exec('ROLLBACK');
      throw err;
    } finally {
      tx.done = true;
    }
  }

  async close(): Promise<void> {
    await this.idle();
    this.cache.clear();
    this.conn.close();
  }
}

/** The handle a transaction callback gets: runs directly on the connection, bypassing the lock. */
class SqliteTx implements Db {
  readonly dialect = 'sqlite' as const;
  done = false;
  constructor(private readonly db: SqliteDb) {}

  private check(): void {
    if (this.done) throw new Error('transaction already finished');
  }
  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    this.check();
    return this.db.allSync<T>(sql, params);
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    this.check();
    return this.db.getSync<T>(sql, params);
  }
  async run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }> {
    this.check();
    return this.db.runSync(sql, params);
  }
  async exec(sql: string): Promise<void> {
    this.check();
    this.db.raw.exec(sql);
  }
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}

function bind(params: readonly unknown[]): readonly unknown[] {
  // note: most queries bind only strings and numbers; copy only when a value must be converted.
  for (const p of params) {
    if (typeof p === 'boolean' || p === undefined)
      return params.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v === undefined ? null : v));
  }
  return params;
}

function normalise(err: unknown): unknown {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT')) {
    const m = /constraint failed: (.*)$/.exec(e.message ?? '');
    const detail = m?.[1] ?? '';
    const index = /^index '(.+)'$/.exec(detail)?.[1];
    const columns = index ? [index] : detail.split(',').map((s) => s.trim().split('.').pop()!);
    const kind =
      e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
        ? 'unique'
        : e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY'
          ? 'foreign_key'
          : 'other';
    return new ConstraintError(kind, columns, { cause: err });
  }
  return err;
}
