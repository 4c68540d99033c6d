/**
 * When a photoshoot is refunded while a ComfyUI run of it is queued or running, the run is
 * stopped on its server (interrupted, deleted from the queue) so the GPU is not spent on portraits
 * nobody will receive. The worker itself lets go when it loses its lease; this stops the server.
 */
import type { App } from '../../core/app.js';
import type { RecordEvent } from '../../core/records/record-events.js';
import { ServiceKey } from '../../core/service-key.js';
import { pendingRowsOf } from '../hosted-providers/external-jobs.js';
import type { ComfyuiProvider } from './comfyui-provider.js';
import { PROVIDER } from './run-row.js';
import { recordOf } from '../record-of.js';

export const comfyuiCancellationsKey = new ServiceKey<ComfyuiCancellations>('comfyuiCancellations');

export class ComfyuiCancellations {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly app: App,
    private readonly provider: ComfyuiProvider,
  ) {
    app.events.on('photoshoots', 'update', (e) => this.onEvent(e));
  }

  /** Resolves when every cancellation started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private onEvent(e: RecordEvent): void {
    const photoshoot = recordOf('photoshoots', e.record);
    if (photoshoot.status !== 'refunded') return;
    const work = this.cancelFor(photoshoot.id)
      .catch((err: unknown) => console.error('[comfyui] cancel on refund:', (err as Error)?.message ?? err))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /**
   * Stops the photoshoot's runs still on a server, submissions in flight included (their run is
   * found by its client id, or stopped by the submitter once it has the prompt id); returns how
   * many were stopped.
   */
  async cancelFor(photoshootId: string): Promise<number> {
    let n = 0;
    for (const row of await pendingRowsOf(this.app.db, photoshootId, { submitting: true })) {
      if (row.provider !== PROVIDER) continue;
      await this.provider.cancel({
        provider: PROVIDER,
        externalId: row.externalId,
        variants: [],
        styleId: '',
      });
      n++;
    }
    return n;
  }
}
