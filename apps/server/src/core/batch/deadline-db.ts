/**
 * The batch transaction as its items see it: once the batch has timed out (and the transaction
 * has been or is being rolled back), every further query fails instead of reaching a connection
 * that may already serve someone else.
 */
import type { Db, Row } from '../db/db.js';
import { ApiError } from '../errors.js';

export class DeadlineDb implements Db {
  readonly dialect: Db['dialect'];
  private expired = false;

  constructor(private readonly tx: Db) {
    this.dialect = tx.dialect;
  }

  expire(): void {
    this.expired = true;
  }

  private check(): void {
    if (this.expired) throw ApiError.badRequest('Batch transaction failed.');
  }

  async all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    this.check();
    return this.tx.all<T>(sql, params);
  }
  async get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    this.check();
    return this.tx.get<T>(sql, params);
  }
  async run(sql: string, params?: readonly unknown[]): Promise<{ changes: number }> {
    this.check();
    return this.tx.run(sql, params);
  }
  async exec(sql: string): Promise<void> {
    this.check();
    return this.tx.exec(sql);
  }
  /** Nested transactions are the batch's own. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return fn(this);
  }
  async close(): Promise<void> {}
}
