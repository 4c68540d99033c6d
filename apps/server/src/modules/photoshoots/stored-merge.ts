/**
 * Guards updates against lost writes. RecordService builds the new row from what it read before
 * the transaction; meanwhile the server may have moved the record on (a status change, progress,
 * a review verdict). Re-reading under lock and keeping the current server-managed values the
 * request did not set means an owner's edit never rolls those back.
 */
import { ApiError } from '../../core/errors.js';
import type { RecordData } from '../../core/records/codec.js';
import type { RecordHookEvent } from '../../core/records/record-hooks.js';
import { lockRecord } from '../../core/records/lock-record.js';

/** Locks and returns the stored record, copying its server-managed values into `event.record`. */
export async function mergeStoredServerFields(event: RecordHookEvent): Promise<RecordData> {
  const stored = await lockRecord(event.tx, event.collection, String(event.record.id));
  if (!stored) throw ApiError.notFound();
  for (const field of event.collection.fields) {
    // note: files are left to the upload code, which may set them without listing them as submitted.
    if (!field.system || field.type === 'autodate' || field.type === 'file' || field.name === 'id') continue;
    if (!event.submitted.has(field.name)) event.record[field.name] = stored[field.name];
  }
  return stored;
}

/** Whether two record values differ (arrays by order and content, objects by JSON). */
export function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);
}

/** The fields among `names` that the request set to a value different from `stored`. */
export function changedFields(
  event: RecordHookEvent,
  stored: RecordData,
  names: readonly string[],
): string[] {
  return names.filter((name) => event.submitted.has(name) && differs(event.record[name], stored[name]));
}
