/**
 * Reads and server-side writes of `results` rows for the delivery features. Writes go straight to
 * SQL inside the caller's transaction (as the lifecycle does) and hand back the updated records so
 * the caller can emit their record events after commit.
 */
import { q, type Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { nowString } from '../../tools/dates.js';
import { decodeRow, encodeValue, type RecordData } from '../../core/records/codec.js';
import { getField } from '../../core/schema/collection.js';
import { recordsOf, type RecordOf } from '../record-of.js';

/** A photoshoot's results, by style then variant. */
export async function resultsOf(app: App, db: Db, photoshootId: string): Promise<RecordOf<'results'>[]> {
  const results = app.registry.require('results');
  const rows = await db.all(
    `SELECT * FROM ${q(results.name)} WHERE "photoshoot" = ? ORDER BY "style", "variant", "id"`,
    [photoshootId],
  );
  return recordsOf(
    'results',
    rows.map((row) => decodeRow(results, row)),
  );
}

/** Sets `values` on the results `ids` (stamping `updated`); returns the records as stored now. */
export async function updateResults(
  app: App,
  db: Db,
  ids: readonly string[],
  values: RecordData,
): Promise<RecordOf<'results'>[]> {
  if (!ids.length) return [];
  const results = app.registry.require('results');
  const changes: RecordData = { ...values, updated: nowString() };
  const names = Object.keys(changes);
  const marks = ids.map(() => '?').join(', ');
  await db.run(
    `UPDATE ${q(results.name)} SET ${names.map((n) => `${q(n)} = ?`).join(', ')} WHERE "id" IN (${marks})`,
    [...names.map((n) => encodeValue(getField(results, n)!, changes[n])), ...ids],
  );
  const rows = await db.all(`SELECT * FROM ${q(results.name)} WHERE "id" IN (${marks})`, [...ids]);
  return recordsOf(
    'results',
    rows.map((row) => decodeRow(results, row)),
  );
}

/** Sets `values` on photoshoot `id` inside `db` (no status: that is `transition()`'s alone). */
export async function updatePhotoshoot(app: App, db: Db, id: string, values: RecordData): Promise<void> {
  const photoshoots = app.registry.require('photoshoots');
  const names = Object.keys(values);
  await db.run(
    `UPDATE ${q(photoshoots.name)} SET ${names.map((n) => `${q(n)} = ?`).join(', ')} WHERE "id" = ?`,
    [...names.map((n) => encodeValue(getField(photoshoots, n)!, values[n])), id],
  );
}

/** Emits an `update` record event per result (realtime, file cleanup listeners). */
export function emitResultUpdates(app: App, records: readonly RecordData[]): void {
  const collection = app.registry.require('results');
  for (const record of records) app.events.emit({ action: 'update', collection, record });
}
