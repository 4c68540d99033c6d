/**
 * Work that must wait until a transaction has committed (record events, mail, provider calls):
 * pass `add` as the `afterCommit` of record writes and transitions, and call `run` once the
 * transaction has committed. If the transaction throws, `run` is never reached and nothing queued
 * here runs.
 */
export class AfterCommit {
  private readonly queue: (() => void)[] = [];

  readonly add = (fn: () => void): void => {
    this.queue.push(fn);
  };

  run(): void {
    for (const fn of this.queue.splice(0)) fn();
  }
}
