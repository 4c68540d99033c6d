/**
 * Original photos come and go only while their photoshoot is the owner's draft, up to the photo
 * limit (rejected photos do not count). The photoshoot row is locked while counting, so concurrent uploads cannot overshoot the
 * limit and an upload cannot slip in after checkout has started.
 */
import { ApiError } from '../../core/errors.js';
import { q } from '../../core/db/db.js';
import { isSuperuser } from '../../core/records/caller.js';
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';
import { photoshootLimits } from './limits.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { recordOf } from '../record-of.js';

async function beforeCreate(e: RecordHookEvent): Promise<void> {
  if (!e.record.qc) e.record.qc = 'pending';
  if (isSuperuser(e.caller)) return;
  const photoshoot = await lockRecord(
    e.tx,
    e.app.registry.require('photoshoots'),
    recordOf('original_photos', e.record).photoshoot,
  );
  // note: someone else's (or no) photoshoot is the create rule's to refuse, without details.
  if (!photoshoot || photoshoot.user !== e.caller.auth?.record.id) return;
  if (photoshoot.status !== 'draft') {
    const message = 'Photos can only be added while the photoshoot is a draft.';
    throw ApiError.badRequest(message, { photoshoot: { code: 'validation_photoshoot_not_draft', message } });
  }
  const { maxPhotos } = photoshootLimits(e.app);
  // Rejected photos stay visible with their reasons but do not take a place: a customer whose
  // photos fail the checks must be able to try others without first clearing the rejects away.
  const row = await e.tx.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM ${q(e.collection.name)} WHERE "photoshoot" = ? AND COALESCE("qc", '') <> 'rejected'`,
    [photoshoot.id],
  );
  if ((row?.n ?? 0) >= maxPhotos) {
    const message = `A photoshoot can hold at most ${maxPhotos} photos. Remove one to add another.`;
    throw ApiError.badRequest(message, {
      file: { code: 'validation_max_photos', message, params: { max: maxPhotos } },
    });
  }
}

async function beforeDelete(e: RecordHookEvent): Promise<void> {
  if (isSuperuser(e.caller)) return;
  const photoshoot = await lockRecord(
    e.tx,
    e.app.registry.require('photoshoots'),
    recordOf('original_photos', e.record).photoshoot,
  );
  if (photoshoot && photoshoot.status !== 'draft') {
    throw ApiError.badRequest('Photos can only be removed while the photoshoot is a draft.');
  }
}

export function registerPhotoHooks(hooks: RecordHooks): void {
  hooks.on('beforeCreate', 'original_photos', beforeCreate);
  hooks.on('beforeDelete', 'original_photos', beforeDelete);
}
