/**
 * Scheduled jobs (PocketBase's `/api/crons`) on croner, in UTC with PocketBase's five-field
 * expressions (and `@daily`-style macros). Registering a job does not schedule it: `start()` does,
 * and only `photoshoot serve` calls it, so tests and CLI commands never run jobs behind your back.
 * A job may take its expression from a function (e.g. a settings value); it is re-read every few
 * seconds and the job rescheduled when it changes, or left unscheduled (and unlisted) while empty.
 * A job never overlaps itself: a run that finds the previous one still busy is skipped.
 * With a tick lock (PostgreSQL, several processes) a scheduled run happens only in the process
 * that claims its tick; "run now" always runs in the process asked.
 */
import { Cron } from 'croner';
import { tickOf, type TickLock } from './tick-lock.js';

export type CronFn = () => Promise<void> | void;
export type CronExpression = string | (() => string);

type Job = {
  id: string;
  expression: CronExpression;
  fn: CronFn;
  /** Six-field expressions (seconds first), for jobs registered in code; settings use five. */
  withSeconds: boolean;
  timer?: Cron;
  scheduledAs?: string;
  busy?: Promise<void>;
};

const ID_RE = /^[A-Za-z0-9_.-]{1,100}$/;
const RESYNC_MS = 5000;

/** @throws {Error} when `expression` is not a valid five-field cron expression or macro. */
export function assertCronExpression(expression: string): void {
  new Cron(expression, { mode: '5-part', timezone: 'Etc/UTC', paused: true }).stop();
}

function assertJobExpression(expression: string, withSeconds: boolean): void {
  if (!withSeconds) return assertCronExpression(expression);
  new Cron(expression, { mode: '6-part', timezone: 'Etc/UTC', paused: true }).stop();
}

export function isSystemJob(id: string): boolean {
  return id.startsWith('__');
}

export class CronRegistry {
  private readonly jobs = new Map<string, Job>();
  private started = false;
  private resync: NodeJS.Timeout | undefined;
  private tickLock: TickLock | null = null;

  /** Makes scheduled runs claim their tick first (set before `start`); `stop` closes it. */
  useTickLock(lock: TickLock): void {
    this.tickLock = lock;
  }

  /** Adds or replaces a job. @throws {Error} for an invalid id or a fixed invalid expression. */
  add(id: string, expression: CronExpression, fn: CronFn, opts: { withSeconds?: boolean } = {}): void {
    if (!ID_RE.test(id)) throw new Error(`invalid cron job id ${JSON.stringify(id)}`);
    const withSeconds = opts.withSeconds === true;
    if (typeof expression === 'string') assertJobExpression(expression, withSeconds);
    this.remove(id);
    const job: Job = { id, expression, fn, withSeconds };
    this.jobs.set(id, job);
    if (this.started) this.schedule(job);
  }

  remove(id: string): boolean {
    const job = this.jobs.get(id);
    if (!job) return false;
    job.timer?.stop();
    return this.jobs.delete(id);
  }

  /** Jobs with their current expression: user jobs by id, then system (`__*`) jobs by id. */
  list(): { id: string; expression: string }[] {
    const out: { id: string; expression: string }[] = [];
    for (const job of this.jobs.values()) {
      const expression = this.expressionOf(job);
      if (expression) out.push({ id: job.id, expression });
    }
    return out.sort((a, b) => {
      const sys = Number(isSystemJob(a.id)) - Number(isSystemJob(b.id));
      return sys !== 0 ? sys : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }

  /**
   * Runs a listed job now, in the background. Returns null for an unknown (or unscheduled) job,
   * else a promise that settles when the run ends; it never rejects (failures are logged).
   */
  run(id: string): Promise<void> | null {
    const job = this.jobs.get(id);
    if (!job || !this.expressionOf(job)) return null;
    return this.execute(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.tickLock?.open();
    for (const job of this.jobs.values()) this.schedule(job);
    this.resync = setInterval(() => {
      for (const job of this.jobs.values()) {
        if (typeof job.expression === 'function' && this.expressionOf(job) !== job.scheduledAs)
          this.schedule(job);
      }
    }, RESYNC_MS);
    this.resync.unref();
  }

  /** Unschedules every job and waits for runs in progress (shutdown must not cut a job short). */
  async stop(): Promise<void> {
    this.started = false;
    if (this.resync) clearInterval(this.resync);
    this.resync = undefined;
    const busy: Promise<void>[] = [];
    for (const job of this.jobs.values()) {
      job.timer?.stop();
      job.timer = undefined;
      job.scheduledAs = undefined;
      if (job.busy) busy.push(job.busy);
    }
    await Promise.all(busy);
    await this.tickLock?.close();
  }

  get running(): boolean {
    return this.started;
  }

  private expressionOf(job: Job): string {
    try {
      return (typeof job.expression === 'function' ? job.expression() : job.expression).trim();
    } catch {
      return '';
    }
  }

  private schedule(job: Job): void {
    job.timer?.stop();
    job.timer = undefined;
    const expression = this.expressionOf(job);
    job.scheduledAs = expression;
    if (!expression) return;
    try {
      const mode = job.withSeconds ? '6-part' : '5-part';
      job.timer = new Cron(expression, { mode, timezone: 'Etc/UTC', unref: true }, (self: Cron) =>
        this.scheduledRun(job, self),
      );
    } catch (err) {
      console.error(
        `cron job ${job.id} not scheduled: invalid expression ${JSON.stringify(expression)} (${(err as Error).message})`,
      );
    }
  }

  /** A timer fired: run, or with a tick lock, run only if this process claims the tick. */
  private async scheduledRun(job: Job, timer: Cron): Promise<void> {
    if (!this.tickLock) return this.execute(job);
    if (job.busy) return;
    const tick = tickOf(new Date(), job.withSeconds);
    const interval = timer.msToNext() ?? 0;
    let claim;
    try {
      claim = await this.tickLock.claim(job.id, tick);
    } catch (err) {
      console.error(`cron job ${job.id} skipped: no tick lock (${(err as Error).message})`);
      return;
    }
    if (!claim) return;
    try {
      await this.execute(job);
    } finally {
      // note: held past the next tick so a process whose timer fires late finds this tick taken.
      claim.releaseAt(tick.getTime() + interval + 1000);
    }
  }

  private execute(job: Job): Promise<void> {
    if (job.busy) return job.busy;
    const run = (async () => {
      try {
        await job.fn();
      } catch (err) {
        console.error(`cron job ${job.id} failed:`, err instanceof Error ? err.message : err);
      } finally {
        job.busy = undefined;
      }
    })();
    job.busy = run;
    return run;
  }
}
