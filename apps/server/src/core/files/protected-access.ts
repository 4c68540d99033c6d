/**
 * Access to a protected file field (PocketBase's file serving): the caller comes from a short-lived file
 * token (not the Authorization header) and must pass the collection's view rule in the
 * `protectedFile` context. Anything else, an invalid token included, is a guest.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { isSuperuser, type Caller } from '../records/caller.js';
import type { RecordData } from '../records/codec.js';
import { recordMatchesRule } from '../records/rules.js';

/** The caller a `?token=` stands for; `allowSuperuser` is false when the IP is outside `superuserIPs`. */
export async function fileTokenCaller(
  app: App,
  token: string | undefined,
  request: Omit<Caller, 'auth' | 'context'>,
  allowSuperuser: boolean,
): Promise<Caller> {
  const found = token ? await app.auth.verifyRecordToken(token.trim(), 'file') : null;
  let caller: Caller = { ...request, auth: null, context: 'protectedFile' };
  if (found)
    caller = {
      ...caller,
      auth: { collection: found.collection, record: found.record, refreshable: false, token: '' },
    };
  if (isSuperuser(caller) && !allowSuperuser) caller = { ...caller, auth: null };
  return caller;
}

export async function canReadProtected(
  app: App,
  collection: CollectionDef,
  record: RecordData,
  caller: Caller,
): Promise<boolean> {
  if (isSuperuser(caller)) return true;
  if (collection.viewRule === null) return false;
  return recordMatchesRule(app.db, app.registry, collection, collection.viewRule, caller, String(record.id));
}
