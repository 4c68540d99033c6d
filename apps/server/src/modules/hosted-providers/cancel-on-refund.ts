/**
 * When a photoshoot is refunded while a service outside the process still works on it (a hosted
 * provider, an operator's ComfyUI server; ADR 008: a refund stops the job), its pending jobs are
 * cancelled there, so no more is spent on work nobody will receive. Each row goes to its own
 * provider's `cancel`, submissions still in flight included (cancel-job-row.ts). The worker itself
 * lets go when it loses its lease; this only stops the remote side. A cancel that fails is logged:
 * the job then runs out at its service and its result is never fetched.
 */
import { ServiceKey } from '../../core/service-key.js';
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { providerFactory } from '../processing/providers/registry.js';
import type { GenerationProvider } from '../processing/providers/types.js';
import { CANCELLED } from './cancel-job-row.js';
import { findJobRow, pendingRowsOf } from './external-jobs.js';
import { recordOf } from '../record-of.js';

export const refundCancellationsKey = new ServiceKey<RefundCancellations>('refundCancellations');

/** The error a job cancelled by a refund is settled with (the provider may add a note). */
export const REFUNDED = `${CANCELLED}: refunded`;

export class RefundCancellations {
  private readonly pending = new Set<Promise<unknown>>();
  /** One provider per name, made on first need (a cancel needs its API client, not a worker). */
  private readonly providers = new Map<string, GenerationProvider>();

  constructor(private readonly app: App) {
    app.events.on('photoshoots', 'update', (e) => this.onEvent(e));
  }

  /** Resolves when every cancellation started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    await Promise.allSettled([...this.providers.values()].map((p) => p.close()));
    this.providers.clear();
  }

  private onEvent(e: RecordEvent): void {
    const record = recordOf('photoshoots', e.record);
    if (record.status !== 'refunded') return;
    const work = this.cancelFor(record.id)
      .catch((err: unknown) =>
        console.error('[processing] cancel on refund:', (err as Error)?.message ?? err),
      )
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /**
   * Cancels the photoshoot's pending jobs at their services, all at once (looking for an unanswered
   * submission can take a while: Astria's lookup first waits for the answer); returns how many of
   * them are settled now.
   */
  async cancelFor(photoshootId: string): Promise<number> {
    const rows = await pendingRowsOf(this.app.db, photoshootId);
    const settled = await Promise.all(
      rows.map(async (row) => {
        const provider = this.provider(row.provider);
        if (!provider) return false;
        try {
          await provider.cancel(
            { provider: row.provider, externalId: row.externalId, variants: [], styleId: '' },
            REFUNDED,
          );
          return (await findJobRow(this.app.db, row.id))?.result.state !== 'pending';
        } catch (err) {
          console.error(
            `[processing] cancelling ${row.provider} job ${row.externalId} of refunded photoshoot ${photoshootId} failed:`,
            err instanceof Error ? err.message : err,
          );
          return false;
        }
      }),
    );
    return settled.filter(Boolean).length;
  }

  private provider(name: string): GenerationProvider | null {
    let p = this.providers.get(name);
    if (!p) {
      const factory = providerFactory(this.app, name);
      if (!factory) return null;
      p = factory(this.app, { threads: 1 });
      this.providers.set(name, p);
    }
    return p;
  }
}
