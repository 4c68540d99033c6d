/**
 * Work that must wait until a transaction has committed (record events, mails): collected while
 * the transaction runs, run once it is done, dropped if it rolls back.
 */
export class AfterCommit {
  private readonly fns: (() => void)[] = [];

  /** Pass as the `afterCommit` of `transition()` and record writes. */
  readonly add = (fn: () => void): void => {
    this.fns.push(fn);
  };

  run(): void {
    for (const fn of this.fns.splice(0)) fn();
  }
}
