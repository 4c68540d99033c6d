/**
 * When a flow proves that the caller reads the account's mailbox (a verification link, an OTP
 * mailed to the current address), links made while the address was unproven lose their standing:
 * a squatter who registered the address and linked their own provider account must not keep a
 * way in. Those links go, and when any went, the record's tokenKey rotates so that every session
 * obtained through them (or through the squatter's password) ends too.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import { newTokenKey } from '../records/auth-fields.js';
import { nowString } from '../../tools/dates.js';
import { deleteLinks } from './external-auths.js';

/** Drops the record's unproven links; returns the record as stored now (its new tokenKey, if rotated). */
export async function dropUnprovenLinks(
  app: App,
  collection: CollectionDef,
  record: RecordData,
): Promise<RecordData> {
  const rotated = await app.db.transaction(async (tx) => {
    const dropped = await deleteLinks(tx, collection.id, String(record.id), { onlyUnproven: true });
    if (dropped === 0) return null;
    const fresh = await app.records.findById(collection, String(record.id), tx);
    if (!fresh) return null;
    fresh.tokenKey = newTokenKey();
    fresh.updated = nowString();
    await app.records.updateRow(collection, fresh, tx);
    return fresh;
  });
  if (!rotated) return record;
  // note: the update event also drops realtime subscribers that authenticated with the old key.
  app.events.emit({ action: 'update', collection, record: rotated });
  return rotated;
}
