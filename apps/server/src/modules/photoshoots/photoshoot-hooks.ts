/**
 * What an owner may change on a photoshoot depends on its state: the order (styles, package,
 * profile) only while it is a draft, the verdict (rating, review comment) only once it is
 * completed. The title is only a name (it names the downloads) and may change in any state.
 * Status itself is server-managed; an operator's direct status edit is still logged.
 */
import { ApiError, type ErrorData } from '../../core/errors.js';
import { isSuperuser } from '../../core/records/caller.js';
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';
import { actorOf } from '../../core/records/actor.js';
import { checkPhotoshootStyles } from './style-choice.js';
import { changedFields, mergeStoredServerFields } from './stored-merge.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { logTransition } from './transition-log.js';
import { recordOf } from '../record-of.js';

export const DRAFT_ONLY_FIELDS = ['profile', 'package', 'styles'] as const;
export const COMPLETED_ONLY_FIELDS = ['rating', 'reviewComment'] as const;

function refuse(message: string, fields: string[], code: string): ApiError {
  const data: ErrorData = {};
  for (const name of fields) data[name] = { code, message };
  return ApiError.badRequest(message, data);
}

async function beforeCreate(e: RecordHookEvent): Promise<void> {
  if (!isSuperuser(e.caller) || !e.record.status) e.record.status = 'draft';
  if (!isSuperuser(e.caller)) await checkPhotoshootStyles(e.app, e.tx, e.record);
  const photoshoot = recordOf('photoshoots', e.record);
  await logTransition(e.app, e.tx, photoshoot.id, '', photoshoot.status, actorOf(e.caller), 'created');
}

async function beforeUpdate(e: RecordHookEvent): Promise<void> {
  const stored = recordOf('photoshoots', await mergeStoredServerFields(e));
  const photoshoot = recordOf('photoshoots', e.record);
  if (!isSuperuser(e.caller)) {
    const draftOnly = changedFields(e, stored, DRAFT_ONLY_FIELDS);
    if (draftOnly.length && stored.status !== 'draft') {
      throw refuse(
        'The styles, package and profile can only be changed while the photoshoot is a draft.',
        draftOnly,
        'validation_photoshoot_not_draft',
      );
    }
    const verdict = changedFields(e, stored, COMPLETED_ONLY_FIELDS);
    if (verdict.length && stored.status !== 'completed') {
      throw refuse(
        'A rating and review can only be given once the photoshoot is completed.',
        verdict,
        'validation_photoshoot_not_completed',
      );
    }
    if (draftOnly.includes('styles')) await checkPhotoshootStyles(e.app, e.tx, e.record);
  }
  if (photoshoot.status !== stored.status) {
    await logTransition(
      e.app,
      e.tx,
      photoshoot.id,
      stored.status,
      photoshoot.status,
      actorOf(e.caller),
      'set through the records API',
    );
  }
}

async function beforeDelete(e: RecordHookEvent): Promise<void> {
  if (isSuperuser(e.caller)) return;
  const stored = await lockRecord(e.tx, e.collection, recordOf('photoshoots', e.record).id);
  if (stored && stored.status !== 'draft')
    throw ApiError.badRequest('Only a draft photoshoot can be deleted.');
}

export function registerPhotoshootHooks(hooks: RecordHooks): void {
  hooks.on('beforeCreate', 'photoshoots', beforeCreate);
  hooks.on('beforeUpdate', 'photoshoots', beforeUpdate);
  hooks.on('beforeDelete', 'photoshoots', beforeDelete);
}
