/**
 * Scheduled jobs (protocol §8 `/api/crons`) on croner, in UTC with PocketBase's five-field
 * expressions (and `@daily`-style macros). Registering a job does not schedule it: `start()` does,
 * and only `photoshoot serve` calls it, so tests and CLI commands never run jobs behind your back.
 * A job may take its expression from a function (e.g. a settings value); it is re-read every few
 * seconds and the job rescheduled when it changes, or left unscheduled (and unlisted) while empty.
 * A job never overlaps itself: a run that finds the previous one still busy is skipped.
 */
import { Cron } from 'croner';

export type CronFn = () => Promise<void> | void;
export type CronExpression = string | (() => string);

type Job = {
  id: string;
  expression: CronExpression;
  fn: CronFn;
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

export function isSystemJob(id: string): boolean {
  return id.startsWith('__');
}

export class CronRegistry {
  private readonly jobs = new Map<string, Job>();
  private started = false;
  private resync: NodeJS.Timeout | undefined;

  /** Adds or replaces a job. @throws {Error} for an invalid id or a fixed invalid expression. */
  add(id: string, expression: CronExpression, fn: CronFn): void {
    if (!ID_RE.test(id)) throw new Error(`invalid cron job id ${JSON.stringify(id)}`);
    if (typeof expression === 'string') assertCronExpression(expression);
    this.remove(id);
    const job: Job = { id, expression, fn };
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
      job.timer = new Cron(expression, { mode: '5-part', timezone: 'Etc/UTC', unref: true }, () =>
        this.execute(job),
      );
    } catch (err) {
      console.error(
        `cron job ${job.id} not scheduled: invalid expression ${JSON.stringify(expression)} (${(err as Error).message})`,
      );
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
