/**
 * The owner's redo request (completed → queued; only the results asked for are redone):
 * delivered results they are unhappy with are flagged for the worker to regenerate, within the
 * free allowance of redo rounds (`photoshoots.freeRedos`). Operators may ask on an owner's behalf
 * and are not bound by the allowance (support can grant an extra round). The owner may say why,
 * per portrait; the reason stays on the result for the operator who reviews the redone portrait.
 */
import { ApiError } from '../../core/errors.js';
import { q } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { isSuperuser, type Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import { actorOf } from '../../core/records/actor.js';
import { photoshootLimits } from '../photoshoots/limits.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { recordOf } from '../record-of.js';
import { transition } from '../photoshoots/lifecycle.js';
import { nowString } from '../../tools/dates.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { idsForMessage } from './ids-for-message.js';
import { emitResultUpdates, updatePhotoshoot, updateResults } from './result-rows.js';

function refuse(message: string, code: string): ApiError {
  return ApiError.badRequest(message, { results: { code, message } });
}

/**
 * Flags `resultIds` for regeneration (with the owner's `reasons`, by result id) and requeues
 * photoshoot `id`; returns the photoshoot.
 *
 * @throws {ApiError} 404 when the photoshoot is not the caller's; 400 with a sentence when the
 *   list is empty, the photoshoot is not completed, an id is not one of its delivered results,
 *   the free redos are used up, or the original photos are gone (retention).
 */
export async function requestRedo(
  app: App,
  id: string,
  caller: Caller,
  resultIds: string[],
  reasons: Readonly<Record<string, string>> = {},
): Promise<RecordData> {
  const operator = isSuperuser(caller);
  const photoshoot = await inTransaction(app.db, async (tx, later) => {
    const photoshoots = app.registry.require('photoshoots');
    const current = recordOf('photoshoots', await lockRecord(tx, photoshoots, id));
    if (!current || (!operator && current.user !== caller.auth?.record.id)) throw ApiError.notFound();
    if (!resultIds.length) throw refuse('Choose at least one photo to redo.', 'validation_required');
    if (current.status !== 'completed') {
      throw refuse(
        'A redo can only be requested once the photos have been delivered and while no other redo is in progress.',
        'validation_not_completed',
      );
    }
    const results = app.registry.require('results');
    const marks = resultIds.map(() => '?').join(', ');
    const found = await tx.all<{ id: string }>(
      `SELECT "id" FROM ${q(results.name)} WHERE "photoshoot" = ? AND "user" = ? AND "released" = ? AND "id" IN (${marks})`,
      [id, current.user, true, ...resultIds],
    );
    const known = new Set(found.map((r) => r.id));
    const unknown = resultIds.filter((r) => !known.has(r));
    if (unknown.length) {
      const message = `Only delivered photos of this photoshoot can be redone; these are not: ${idsForMessage(unknown)}.`;
      throw ApiError.badRequest(message, {
        results: { code: 'validation_unknown_results', message, params: { ids: unknown } },
      });
    }
    const { freeRedos } = photoshootLimits(app);
    const used = current.redoCount;
    if (!operator && used >= freeRedos) {
      const message =
        freeRedos === 0
          ? 'Redos are not included with this photoshoot. Please contact support if a photo is not right.'
          : `You have used your ${freeRedos === 1 ? 'free redo' : `${freeRedos} free redos`} for this photoshoot. Please contact support if a photo is still not right.`;
      throw ApiError.badRequest(message, {
        results: { code: 'validation_redo_limit', message, params: { used, free: freeRedos } },
      });
    }
    const originals = await tx.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${q('original_photos')} WHERE "photoshoot" = ?`,
      [id],
    );
    if ((originals?.n ?? 0) === 0) {
      throw refuse(
        'The uploaded photos of this photoshoot have been deleted after the retention period, so its results can no longer be redone.',
        'validation_originals_deleted',
      );
    }
    // note: the reason and the time stay after the portrait is redone, for the operator's review.
    const asked = { redoRequested: true, regenerate: true, redoAskedAt: nowString() };
    const flagged: RecordData[] = [];
    for (const rid of resultIds)
      flagged.push(...(await updateResults(app, tx, [rid], { ...asked, redoReason: reasons[rid] ?? '' })));
    later.add(() => emitResultUpdates(app, flagged));
    await updatePhotoshoot(app, tx, id, { redoCount: used + 1 });
    const n = resultIds.length;
    const moved = await transition(
      app,
      id,
      'queued',
      actorOf(caller),
      `redo of ${n} result${n === 1 ? '' : 's'} requested`,
      tx,
      later.add,
    );
    return moved.photoshoot;
  });
  return photoshoot;
}
