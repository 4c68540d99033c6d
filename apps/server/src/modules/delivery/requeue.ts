/**
 * An operator's restart of a photoshoot that failed for good (failed → queued). The attempt
 * counter and the last error start afresh, so the worker gets its full number of retries again.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../../core/records/actor.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { recordOf } from '../record-of.js';
import { transition } from '../photoshoots/lifecycle.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { updatePhotoshoot } from './result-rows.js';

/** @throws {ApiError} 404 for an unknown photoshoot; 400 unless it is `failed`. */
export async function requeuePhotoshoot(app: App, id: string, actor: Actor): Promise<RecordData> {
  const photoshoot = await inTransaction(app.db, async (tx, later) => {
    const current = recordOf('photoshoots', await lockRecord(tx, app.registry.require('photoshoots'), id));
    if (!current) throw ApiError.notFound('The photoshoot was not found.');
    if (current.status !== 'failed') {
      const status = current.status.replace(/_/g, ' ');
      const message = `Only a failed photoshoot can be requeued; this one is ${status}.`;
      throw ApiError.badRequest(message, { status: { code: 'validation_not_failed', message } });
    }
    // note: before the move, so the record the move emits already carries the fresh counters.
    await updatePhotoshoot(app, tx, id, { attempts: 0, error: '', progress: 0, stage: '' });
    return (await transition(app, id, 'queued', actor, 'requeued by an operator', tx, later.add)).photoshoot;
  });
  return photoshoot;
}
