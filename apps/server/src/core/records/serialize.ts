/** Record JSON as PocketBase shows it: visible fields plus collectionId/collectionName. */
import type { CollectionDef } from '../schema/collection.js';
import { isSuperuser, type Caller } from './caller.js';
import type { RecordData } from './codec.js';

export type RecordJson = Record<string, unknown> & { id: string; expand?: Record<string, unknown> };

export type SerializeOptions = {
  /** Show the email even when emailVisibility is off (the record itself, auth responses, manage access). */
  showEmail?: boolean;
  /** Show hidden fields (superusers). */
  showHidden?: boolean;
};

export function serializeRecord(
  collection: CollectionDef,
  data: RecordData,
  opts: SerializeOptions = {},
): RecordJson {
  const out: Record<string, unknown> = { collectionId: collection.id, collectionName: collection.name };
  for (const field of collection.fields) {
    if (field.type === 'password' || field.name === 'tokenKey') continue;
    if (field.hidden && !opts.showHidden) continue;
    out[field.name] = data[field.name];
  }
  if (collection.type === 'auth' && !opts.showEmail && !data.emailVisibility) delete out.email;
  return out as RecordJson;
}

/** Serialisation options for what `caller` may see of `data`. */
export function visibilityFor(collection: CollectionDef, data: RecordData, caller: Caller): SerializeOptions {
  const su = isSuperuser(caller);
  const self =
    caller.auth !== null && caller.auth.collection.id === collection.id && caller.auth.record.id === data.id;
  return { showHidden: su, showEmail: su || self };
}
