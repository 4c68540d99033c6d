/**
 * Who runs a scheduled tick when several server processes share one database. Every process
 * schedules every job; before a scheduled run each asks the lock for that job's tick, and only the
 * process that gets it runs the job. SQLite (one process) needs none.
 */

export type TickClaim = {
  /** Gives the tick back at `atMs` (epoch ms) or at once if that has passed. */
  releaseAt(atMs: number): void;
};

export interface TickLock {
  /** The tick if this process may run it, else null. */
  claim(jobId: string, tick: Date): Promise<TickClaim | null>;
  /** Allows claims again after `close` (the registry was restarted). */
  open(): void;
  /** Refuses further claims and gives every held tick back. */
  close(): Promise<void>;
}

/**
 * The tick a timer firing at `now` stands for: the start of its second (six-field expressions)
 * or minute. Floored, so processes whose timers fire a little apart name the same tick.
 */
export function tickOf(now: Date, withSeconds: boolean): Date {
  const unit = withSeconds ? 1000 : 60_000;
  return new Date(Math.floor(now.getTime() / unit) * unit);
}
