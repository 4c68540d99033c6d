/**
 * The database seam: one small async interface over better-sqlite3 and pg. All SQL uses `?`
 * placeholders and double-quoted identifiers; the PostgreSQL driver rewrites placeholders to `$n`.
 */

export type Dialect = 'sqlite' | 'postgres';
export type Row = Record<string, unknown>;

export interface Db {
  readonly dialect: Dialect;
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }>;
  /** Runs several statements without parameters (schema changes). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; nested calls reuse the outer one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A unique or foreign-key violation, normalised across engines so callers can map it to a field error. */
export class ConstraintError extends Error {
  constructor(
    readonly kind: 'unique' | 'foreign_key' | 'other',
    readonly columns: string[],
    options?: { cause?: unknown },
  ) {
    super(`constraint violation (${kind}: ${columns.join(',')})`, options);
  }
}

/** Quotes an identifier that was already checked against the collection schema. */
export function q(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
