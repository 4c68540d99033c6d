/**
 * Work that must wait until a transaction has committed (record events, mail, provider calls):
 * `inTransaction` hands one to the transaction's body, whose record writes and transitions take
 * its `add` as their `afterCommit`, and runs what they queued once the transaction has committed.
 * If the transaction throws, nothing queued here runs.
 */
import type { Db } from './db.js';

export class AfterCommit {
  private readonly queue: (() => void)[] = [];

  readonly add = (fn: () => void): void => {
    this.queue.push(fn);
  };

  run(): void {
    for (const fn of this.queue.splice(0)) fn();
  }
}

/** `db.transaction(fn)`, with an AfterCommit for the body's writes, run once it has committed. */
export async function inTransaction<T>(db: Db, fn: (tx: Db, later: AfterCommit) => Promise<T>): Promise<T> {
  const later = new AfterCommit();
  const result = await db.transaction((tx) => fn(tx, later));
  later.run();
  return result;
}
