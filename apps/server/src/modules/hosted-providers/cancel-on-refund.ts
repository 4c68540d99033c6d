/**
 * When a photoshoot is refunded while a hosted provider is still working on it (ADR 008: a
 * refund stops the job), its pending trainings and generations are cancelled at the provider, so
 * no more is spent on work nobody will receive. The worker itself lets go when it loses its
 * lease; this only stops the remote side. A cancel that fails is logged: the job then runs out at
 * the provider and its result is never fetched.
 */
import { ServiceKey } from '../../core/service-key.js';
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { pendingRowsOf, settleJobRow } from './external-jobs.js';
import { hostedApi, isHostedName } from './hosted-apis.js';
import { recordOf } from '../record-of.js';

/** Cancels a refunded photoshoot's jobs at hosted providers (hosted-providers module). */
export const hostedCancellationsKey = new ServiceKey<HostedCancellations>('hostedCancellations');

export class HostedCancellations {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly app: App) {
    app.events.on('photoshoots', 'update', (e) => this.onEvent(e));
  }

  /** Resolves when every cancellation started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
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
   * Cancels the photoshoot's pending provider jobs and settles their rows (so a result that still
   * comes is discarded); returns how many rows it settled.
   */
  async cancelFor(photoshootId: string): Promise<number> {
    let n = 0;
    for (const row of await pendingRowsOf(this.app.db, photoshootId)) {
      if (!isHostedName(row.provider)) continue;
      try {
        const note = await hostedApi(this.app, row.provider).cancel(row);
        const error = `cancelled: refunded${note ? `; ${note}` : ''}`;
        if (await settleJobRow(this.app.db, row.id, { state: 'failed', error })) n++;
      } catch (err) {
        console.error(
          `[processing] cancelling ${row.provider} job ${row.externalId} of refunded photoshoot ${photoshootId} failed:`,
          err instanceof Error ? err.message : err,
        );
      }
    }
    return n;
  }
}
