/**
 * Multi-factor sign-in (PocketBase's OTP and MFA, decision 007). When MFA is on for a collection, the first
 * successful factor (password, OTP or OAuth2) does not sign in: it opens an MFA session whose id
 * the client must present with a *different* factor within `settings.mfa.duration` seconds.
 * Auth-refresh and impersonate are not sign-ins and skip this.
 */
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import type { RecordData } from '../records/codec.js';
import { ApiError } from '../errors.js';
import { formatDate, nowString, parseDate } from '../../tools/dates.js';
import { newId } from '../../tools/random.js';
import { deleteExpiredMfas, deleteMfa, findMfa, insertMfa, type AuthMethod } from './mfa-store.js';

export type { AuthMethod } from './mfa-store.js';

/** MFA is on when enabled in settings and listed for this collection. */
export function mfaEnabled(app: App, collection: CollectionDef): boolean {
  const mfa = app.settings.get().mfa;
  return mfa.enabled === true && Array.isArray(mfa.collections) && mfa.collections.includes(collection.name);
}

const durationMs = (app: App) => app.settings.get().mfa.duration * 1000;

/**
 * Runs after `record` proved one factor by `method`. Returns the id of a new MFA session when the
 * client still owes a second factor, or null when it may sign in now (MFA off, or `mfaId` names a
 * live session of this record opened by another method, which is then spent).
 */
export async function checkMfa(
  app: App,
  collection: CollectionDef,
  record: RecordData,
  method: AuthMethod,
  mfaId: string,
): Promise<string | null> {
  if (!mfaEnabled(app, collection)) return null;
  if (mfaId === '') {
    await deleteExpiredMfas(app.db, formatDate(new Date(Date.now() - durationMs(app))));
    const id = newId();
    await insertMfa(app.db, {
      id,
      collectionRef: collection.id,
      recordRef: String(record.id),
      method,
      created: nowString(),
    });
    return id;
  }
  const expired = () => ApiError.badRequest('Invalid or expired MFA session.');
  const session = mfaId.length <= 255 ? await findMfa(app.db, mfaId) : null;
  const created = session ? parseDate(session.created) : null;
  if (!session || !created || Date.now() - created.getTime() >= durationMs(app)) {
    if (session) await deleteMfa(app.db, session.id);
    throw expired();
  }
  // note: a foreign session is refused but kept: a stranger's guess must not cancel its owner's sign-in.
  if (session.recordRef !== String(record.id) || session.collectionRef !== collection.id) {
    throw ApiError.badRequest('Invalid MFA session.');
  }
  if (session.method === method) throw ApiError.badRequest('A different authentication method is required.');
  // Of two concurrent second factors, only the one that deletes the session signs in.
  if (!(await deleteMfa(app.db, session.id))) throw expired();
  return null;
}
