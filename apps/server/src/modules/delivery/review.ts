/**
 * The operator's quality review of a photoshoot in `review`: verdicts on results, then optionally
 * sending the rejected ones back to the worker or releasing the approved ones to the owner. All of
 * it is one transaction under the photoshoot's lock, so a verdict and the move it leads to never
 * part. The "your portraits are ready" mail follows from the move to `completed` (status-notices.ts).
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../../core/records/actor.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { recordOf, type RecordOf } from '../record-of.js';
import { transition } from '../photoshoots/lifecycle.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { idsForMessage } from './ids-for-message.js';
import { emitResultUpdates, resultsOf, updateResults } from './result-rows.js';
import type { ReviewInput } from './review-input.js';

export type ReviewOutcome = { photoshoot: RecordData; results: RecordData[] };

function notOfThisPhotoshoot(field: 'approve' | 'reject', ids: string[]): ApiError {
  const message = `These results do not belong to this photoshoot: ${idsForMessage(ids)}.`;
  return ApiError.badRequest(message, {
    [field]: { code: 'validation_unknown_results', message, params: { ids } },
  });
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * @throws {ApiError} 404 for an unknown photoshoot; 400 (with a sentence, and `data` naming the
 *   field) when it is not in review, an id is not one of its results, nothing is left to
 *   regenerate, or a release would leave results unreviewed or release nothing.
 */
export async function reviewPhotoshoot(
  app: App,
  id: string,
  input: ReviewInput,
  actor: Actor,
): Promise<ReviewOutcome> {
  const outcome = await inTransaction(app.db, async (tx, later) => {
    const current = recordOf('photoshoots', await lockRecord(tx, app.registry.require('photoshoots'), id));
    if (!current) throw ApiError.notFound('The photoshoot was not found.');
    if (current.status !== 'review') {
      const status = current.status.replace(/_/g, ' ');
      throw ApiError.badRequest(
        `Results can only be reviewed while the photoshoot is in review; this one is ${status}.`,
        { status: { code: 'validation_not_in_review', message: 'The photoshoot is not in review.' } },
      );
    }
    const own = new Set((await resultsOf(app, tx, id)).map((r) => r.id));
    const strangers = (ids: string[]) => ids.filter((x) => !own.has(x));
    if (strangers(input.approve).length) throw notOfThisPhotoshoot('approve', strangers(input.approve));
    const rejected = [...input.reject.keys()];
    if (strangers(rejected).length) throw notOfThisPhotoshoot('reject', strangers(rejected));

    const changed = new Set<string>();
    const keep = (rows: RecordOf<'results'>[]) => rows.forEach((r) => changed.add(r.id));
    keep(await updateResults(app, tx, input.approve, { review: 'approved', reviewNote: '' }));
    // note: one UPDATE per distinct reason; operators usually give one reason to a batch. A result
    // delivered in an earlier round (before a redo) is withdrawn from the owner when rejected.
    const byReason = new Map<string, string[]>();
    for (const [resultId, reason] of input.reject)
      byReason.set(reason, [...(byReason.get(reason) ?? []), resultId]);
    for (const [reason, ids] of byReason)
      keep(await updateResults(app, tx, ids, { review: 'rejected', reviewNote: reason, released: false }));

    let results = await resultsOf(app, tx, id);
    if (input.regenerate) {
      const toRedo = results.filter((r) => r.review === 'rejected').map((r) => r.id);
      if (!toRedo.length) {
        const message = 'There are no rejected results to regenerate.';
        throw ApiError.badRequest(message, { regenerate: { code: 'validation_nothing_rejected', message } });
      }
      keep(await updateResults(app, tx, toRedo, { regenerate: true }));
      await transition(
        app,
        id,
        'queued',
        actor,
        `regenerate ${plural(toRedo.length, 'rejected result')}`,
        tx,
        later.add,
      );
    }
    if (input.release) {
      const pending = results.filter((r) => r.review === 'pending').length;
      if (pending) {
        const message = `${plural(pending, 'result')} still ${pending === 1 ? 'awaits' : 'await'} a verdict: approve or reject ${pending === 1 ? 'it' : 'them'} before releasing.`;
        throw ApiError.badRequest(message, { release: { code: 'validation_results_pending', message } });
      }
      const approved = results.filter((r) => r.review === 'approved').length;
      if (!approved) {
        const message = 'Approve at least one result before releasing.';
        throw ApiError.badRequest(message, { release: { code: 'validation_nothing_approved', message } });
      }
      await transition(
        app,
        id,
        'completed',
        actor,
        `released ${plural(approved, 'approved result')}`,
        tx,
        later.add,
      );
    }
    results = await resultsOf(app, tx, id);
    // note: the final state of every result touched, so listeners never end on an intermediate one.
    const updates = results.filter((r) => changed.has(r.id));
    later.add(() => emitResultUpdates(app, updates));
    const photoshoot = await app.records.findById(app.registry.require('photoshoots'), id, tx);
    return { photoshoot: photoshoot!, results };
  });
  return outcome;
}
