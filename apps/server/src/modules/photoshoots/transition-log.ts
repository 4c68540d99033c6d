/** Writes the `photoshoot_events` rows that answer "what happened to my order". */
import type { Db } from '../../core/db/db.js';
import type { App } from '../../core/app.js';
import { fromPattern } from '../../tools/random.js';
import { formatDate, nowString, parseDate } from '../../tools/dates.js';
import type { RecordData } from '../../core/records/codec.js';
import type { Actor } from '../../core/records/actor.js';

const REASON_MAX = 500;

/** Inserts one log entry in `tx`; `from` is '' for the creation entry. Returns the stored row. */
export async function logTransition(
  app: App,
  tx: Db,
  photoshootId: string,
  from: string,
  to: string,
  actor: Actor,
  reason: string,
): Promise<RecordData> {
  const collection = app.registry.require('photoshoot_events');
  const now = await nextCreated(tx, photoshootId);
  const data: RecordData = {
    id: fromPattern('[a-z0-9]{15}'),
    photoshoot: photoshootId,
    fromStatus: from,
    toStatus: to,
    actorKind: actor.kind,
    actorId: actor.id.slice(0, 50),
    reason: [...reason].slice(0, REASON_MAX).join(''),
    created: now,
    updated: now,
  };
  await app.records.insertRow(collection, data, tx);
  return data;
}

/**
 * Now, or just after the photoshoot's latest entry: moves made within the same millisecond still
 * sort in the order they happened (callers hold the photoshoot's lock, so there is no race here).
 */
async function nextCreated(tx: Db, photoshootId: string): Promise<string> {
  const now = nowString();
  const row = await tx.get<{ last: string | null }>(
    `SELECT MAX("created") AS last FROM "photoshoot_events" WHERE "photoshoot" = ?`,
    [photoshootId],
  );
  const last = row?.last ? parseDate(row.last) : null;
  if (!last || now > formatDate(last)) return now;
  return formatDate(new Date(last.getTime() + 1));
}
