/**
 * The worker: `concurrency` loops that each reap expired leases, claim the next queued
 * photoshoot, run it under a heartbeat-renewed lease and record how it ended. All database work
 * stays on this thread; the provider does the heavy lifting elsewhere (studio worker threads, or
 * a hosted service). `stop()` stops claiming, lets running jobs end or, after a grace period,
 * releases their leases so another worker takes them over at once.
 */
import type { App } from '../../core/app.js';
import { describeError, failAttempt, holdJob, releaseJob } from './job-outcome.js';
import { CREDIT_RECHECK_SECONDS, HELD_STAGE, raiseCreditAlert } from './provider-alerts.js';
import { claimNext, expireLeasesOf, expiredLeases, renewLease } from './job-queue.js';
import { nextRunnerName } from './worker-identity-of-app.js';
import { providerFactory } from './providers/registry.js';
import {
  PermanentJobError,
  ProviderOutOfCredit,
  ProviderRateLimited,
  type GenerationProvider,
} from './providers/types.js';
import { LeaseLostError, runJob } from './run-job.js';
import type { RecordOf } from '../record-of.js';

export type JobRunnerOptions = {
  concurrency: number;
  /** Identifies this worker in leases and the transition log. */
  name?: string;
  /** Idle wait between looks at the queue (a queued photoshoot in this process wakes it sooner). */
  pollMs?: number;
  /** Use this provider instead of the one `processing.provider` names. */
  provider?: GenerationProvider;
  /** Called with errors the loop survived (database hiccups), for logging. */
  onError?: (err: unknown) => void;
};

/** The shortest a rate-limited job is held, whatever Retry-After said. */
const MIN_RATE_LIMIT_HOLD_SECONDS = 10;

type Running = { id: string; controller: AbortController; done: Promise<void> };

export class JobRunner {
  readonly name: string;
  private readonly running = new Map<string, Running>();
  private readonly loops: Promise<void>[] = [];
  private readonly providers = new Map<string, GenerationProvider>();
  private stopping = false;
  private readonly waiting = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly app: App,
    private readonly opts: JobRunnerOptions,
  ) {
    // note: without a given name, the data dir's worker id: the same one after a crash and restart.
    this.name = (opts.name ?? nextRunnerName(app)).slice(0, 100);
  }

  /** Starts the loops (none when concurrency is 0). */
  start(): this {
    const n = Math.max(0, Math.floor(this.opts.concurrency));
    if (!n) return this;
    // The loops claim only once the previous life's leases are ended: ending them by this name
    // after a claim would end the new claim's lease too, and another worker's reaper would put
    // that job back while it runs (attempt 2, seen in CI with two worker processes).
    const reclaimed = this.reclaimOwn();
    this.unsubscribe = this.app.events.on('photoshoots', ['create', 'update'], (e) => {
      if (e.record.status === 'queued') this.wakeAll();
    });
    for (let i = 0; i < n; i++) this.loops.push(reclaimed.then(() => this.loop()));
    return this;
  }

  /** Ids of the photoshoots this runner is working on. */
  get active(): string[] {
    return [...this.running.keys()];
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        await this.reapExpired();
        worked = await this.runOnce();
      } catch (err) {
        this.opts.onError?.(err);
      }
      if (!worked && !this.stopping) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(t);
        this.waiting.delete(done);
        resolve();
      };
      const t = setTimeout(done, this.opts.pollMs ?? 2000);
      this.waiting.add(done);
    });
  }

  private wakeAll(): void {
    for (const done of [...this.waiting]) done();
  }

  /**
   * Jobs still leased to this runner's name when it starts were left by this worker's previous
   * life (it crashed): their leases are ended now so the reaper takes them up at once.
   */
  private async reclaimOwn(): Promise<void> {
    try {
      if (await expireLeasesOf(this.app, this.name)) this.wakeAll();
    } catch (err) {
      this.opts.onError?.(err);
    }
  }

  /** Puts back (or fails) jobs whose worker stopped renewing its lease. */
  async reapExpired(): Promise<number> {
    let n = 0;
    for (const id of await expiredLeases(this.app)) {
      const outcome = await failAttempt(
        this.app,
        id,
        null,
        'the worker processing it stopped responding',
        false,
      );
      if (outcome !== 'lost') n++;
    }
    return n;
  }

  private provider(): GenerationProvider {
    if (this.opts.provider) return this.opts.provider;
    const name = this.app.settings.get().processing.provider;
    let p = this.providers.get(name);
    if (!p) {
      const factory = providerFactory(this.app, name);
      if (!factory) throw new PermanentJobError(`The generation provider "${name}" is not available.`);
      p = factory(this.app, { threads: Math.max(1, this.opts.concurrency) });
      this.providers.set(name, p);
    }
    return p;
  }

  /** Claims and runs one job; false when the queue had nothing claimable. */
  async runOnce(): Promise<boolean> {
    if (this.stopping) return false;
    const { leaseSeconds } = this.app.settings.get().processing;
    const photoshoot = await claimNext(this.app, this.name, leaseSeconds);
    if (!photoshoot) return false;
    const id = photoshoot.id;
    const controller = new AbortController();
    const done = this.process(photoshoot, controller, leaseSeconds);
    this.running.set(id, { id, controller, done });
    try {
      await done;
    } finally {
      this.running.delete(id);
    }
    return true;
  }

  private async process(
    photoshoot: RecordOf<'photoshoots'>,
    controller: AbortController,
    leaseSeconds: number,
  ): Promise<void> {
    const id = photoshoot.id;
    let lost = false;
    const heartbeat = setInterval(
      () => {
        renewLease(this.app, id, this.name, this.app.settings.get().processing.leaseSeconds)
          .then((held) => {
            if (!held && !controller.signal.aborted) {
              lost = true;
              controller.abort(new LeaseLostError());
            }
          })
          .catch((err: unknown) => this.opts.onError?.(err));
      },
      Math.max(500, (leaseSeconds * 1000) / 3),
    );
    try {
      await runJob({
        app: this.app,
        photoshoot,
        owner: this.name,
        provider: this.provider(),
        signal: controller.signal,
      });
    } catch (err) {
      if (lost || err instanceof LeaseLostError) return;
      if (this.stopping && controller.signal.aborted) {
        await releaseJob(this.app, id, this.name);
        return;
      }
      if (await this.holdForProvider(id, err)) return;
      await failAttempt(this.app, id, this.name, describeError(err), err instanceof PermanentJobError);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * A provider that cannot take work now (out of credit, rate limited) is no fault of the job: it
   * waits in the queue without spending an attempt, and the operators hear of a lack of credit.
   */
  private async holdForProvider(id: string, err: unknown): Promise<boolean> {
    if (err instanceof ProviderOutOfCredit) {
      await raiseCreditAlert(this.app, err.provider, err.message);
      const reason = `held: ${err.provider} is out of credit`;
      await holdJob(this.app, id, this.name, { reason, stage: HELD_STAGE, seconds: CREDIT_RECHECK_SECONDS });
      return true;
    }
    if (err instanceof ProviderRateLimited) {
      // note: a provider still refusing after the waits it asked for is given a breather, never a busy loop.
      const seconds = Math.max(MIN_RATE_LIMIT_HOLD_SECONDS, err.retryAfterSeconds);
      const reason = `held: ${describeError(err)} (retry after ${seconds} s)`;
      await holdJob(this.app, id, this.name, { reason, stage: HELD_STAGE, seconds });
      return true;
    }
    return false;
  }

  /**
   * Stops claiming, waits up to `graceMs` for running jobs, then aborts the rest and releases
   * their leases; closes the providers.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.wakeAll();
    this.unsubscribe?.();
    const jobs = [...this.running.values()];
    const timer = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled(jobs.map((j) => j.done)), timer]);
    for (const job of this.running.values()) job.controller.abort(new Error('the worker is stopping'));
    await Promise.allSettled([...jobs.map((j) => j.done), ...this.loops]);
    await Promise.allSettled([...this.providers.values()].map((p) => p.close()));
    if (this.opts.provider) await this.opts.provider.close().catch(() => {});
  }
}
