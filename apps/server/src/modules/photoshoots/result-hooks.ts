/** Owners mark results (favourite, rating, redo flag) only while the photoshoot is completed. */
import { ApiError, type ErrorData } from '../../core/errors.js';
import { isSuperuser } from '../../core/records/caller.js';
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';
import { changedFields, mergeStoredServerFields } from './stored-merge.js';
import { recordOf } from '../record-of.js';

export const OWNER_RESULT_FIELDS = ['favorite', 'rating', 'redoRequested'] as const;

async function beforeUpdate(e: RecordHookEvent): Promise<void> {
  const stored = recordOf('results', await mergeStoredServerFields(e));
  if (isSuperuser(e.caller)) return;
  const changed = changedFields(e, stored, OWNER_RESULT_FIELDS);
  if (!changed.length) return;
  const photoshoot = await e.app.records.findById(
    e.app.registry.require('photoshoots'),
    stored.photoshoot,
    e.tx,
  );
  if (photoshoot?.status !== 'completed') {
    const message =
      'Favourites, ratings and redo requests can only be changed while the photoshoot is completed.';
    const data: ErrorData = {};
    for (const name of changed) data[name] = { code: 'validation_photoshoot_not_completed', message };
    throw ApiError.badRequest(message, data);
  }
}

export function registerResultHooks(hooks: RecordHooks): void {
  hooks.on('beforeUpdate', 'results', beforeUpdate);
}
