/** The photoshoot a user acts on: theirs, or a 404 that does not reveal whether it exists. */
import { ApiError } from '../../core/errors.js';
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import type { RecordData } from '../../core/records/codec.js';
import { lockRecord } from '../../core/records/lock-record.js';

/** @throws {ApiError} 404 unless photoshoot `id` exists and belongs to `userId`. */
export async function ownedPhotoshoot(
  app: App,
  db: Db,
  userId: string,
  id: string,
  lock = false,
): Promise<RecordData> {
  const photoshoots = app.registry.require('photoshoots');
  const row = lock ? await lockRecord(db, photoshoots, id) : await app.records.findById(photoshoots, id, db);
  if (!row || row.user !== userId) throw ApiError.notFound();
  return row;
}
