/**
 * Picks the auth record for a provider's user (PocketBase's auth-with-oauth2), in order: the
 * existing link; the caller's own signed-in record; a record with the same email, only when the
 * provider verified that email; else a new record from `createData`. The link is kept so later
 * sign-ins find it.
 *
 * Pre-hijack protection: someone may have registered the victim's address with a
 * password before the victim ever signed in. Linking such an unverified record by email therefore
 * replaces its password (which rotates tokenKey and ends every session) and drops its other links.
 */
import { ApiError } from '../errors.js';
import { q, type Db } from '../db/db.js';
import type { App } from '../app.js';
import { getField, type CollectionDef } from '../schema/collection.js';
import type { Caller } from '../records/caller.js';
import type { RecordData } from '../records/codec.js';
import { newTokenKey } from '../records/auth-fields.js';
import { hashPassword } from '../auth/passwords.js';
import { randomString } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';
import { deleteLink, deleteLinks, findLink, saveLink } from './external-auths.js';
import type { OAuth2User } from './types.js';

export type LinkInput = {
  collection: CollectionDef;
  provider: string;
  user: OAuth2User;
  /** The caller's record when signed in to this same collection. */
  signedIn: RecordData | null;
  createData: Record<string, unknown>;
  /** Rules context for creating a record (a guest's, so createData gets no privileges). */
  caller: Caller;
};

export type LinkResult = { record: RecordData; isNew: boolean };

const sameEmail = (a: unknown, b: string) =>
  typeof a === 'string' && a !== '' && a.trim().toLowerCase() === b.trim().toLowerCase();

async function findByEmail(
  app: App,
  db: Db,
  collection: CollectionDef,
  email: string,
): Promise<RecordData | null> {
  const cond = db.dialect === 'postgres' ? 'LOWER("email") = LOWER(?)' : '"email" = ? COLLATE NOCASE';
  const row = await db.get<{ id: string }>(`SELECT "id" FROM ${q(collection.name)} WHERE ${cond} LIMIT 1`, [
    email.trim(),
  ]);
  return row ? app.records.findById(collection, row.id, db) : null;
}

/** The record the link points to, or null when the link is gone or no longer trustworthy. */
async function linkedRecord(app: App, db: Db, input: LinkInput): Promise<RecordData | null> {
  const { collection, provider, user } = input;
  const link = await findLink(app, db, collection.id, provider, user.id);
  if (!link) return null;
  const record = await app.records.findById(collection, link.recordRef, db);
  if (!record) {
    await deleteLink(db, link.id);
    return null;
  }
  if (link.unproven && record.verified) {
    // Linked before the mailbox owner verified the account: possibly a squatter's link.
    await deleteLinks(db, collection.id, String(record.id), { onlyUnproven: true });
    return null;
  }
  return record;
}

/** Updates an existing record for this sign-in and returns whether it changed. */
async function adopt(
  db: Db,
  input: LinkInput,
  record: RecordData,
  matchedByEmail: boolean,
): Promise<boolean> {
  const { collection, user } = input;
  const wasVerified = record.verified === true;
  let changed = false;
  if (matchedByEmail && !wasVerified) {
    record.password = await hashPassword(randomString(30));
    record.tokenKey = newTokenKey();
    changed = true;
  }
  if (!wasVerified && user.emailVerified && sameEmail(record.email, user.email)) {
    record.verified = true;
    changed = true;
  }
  // An unverified record keeps at most one link, and turning verified drops the older ones.
  if (!wasVerified) await deleteLinks(db, collection.id, String(record.id));
  return changed;
}

async function create(
  app: App,
  db: Db,
  input: LinkInput,
  afterCommit: (fn: () => void) => void,
): Promise<RecordData> {
  const { collection, user } = input;
  if (!user.email) {
    throw ApiError.badRequest('Failed to authenticate.', {
      email: { code: 'validation_required', message: 'The OAuth2 provider did not share an email address.' },
    });
  }
  const body: Record<string, unknown> = { ...input.createData, email: user.email };
  if (typeof body.password !== 'string' || body.password === '') {
    body.password = randomString(30);
    body.passwordConfirm = body.password;
  }
  const nameField = getField(collection, 'name');
  if (body.name === undefined && nameField?.type === 'text' && user.name) {
    body.name = user.name.slice(0, nameField.max || undefined);
  }
  const { data } = await app.records.create(collection, input.caller, body, { tx: db, afterCommit });
  if (user.emailVerified && sameEmail(data.email, user.email)) {
    // note: the create event fires after commit with this same object, so it carries the final state.
    data.verified = true;
    await app.records.updateRow(collection, data, db);
  }
  return data;
}

export async function linkAccount(app: App, input: LinkInput): Promise<LinkResult> {
  const { collection, provider, user } = input;
  const events: (() => void)[] = [];
  const result = await app.db.transaction(async (tx): Promise<LinkResult> => {
    let record = await linkedRecord(app, tx, input);
    let matchedByEmail = false;
    if (!record && input.signedIn) {
      record = await app.records.findById(collection, String(input.signedIn.id), tx);
    }
    if (!record && user.email) {
      record = await findByEmail(app, tx, collection, user.email);
      matchedByEmail = record !== null;
      if (record && !user.emailVerified) {
        throw ApiError.badRequest(
          "The OAuth2 provider hasn't verified this email address, so it can't be linked to the existing account.",
          {
            email: {
              code: 'validation_oauth2_email_unverified',
              message: 'Sign in to that account first, then link the provider.',
            },
          },
        );
      }
    }
    let isNew = false;
    if (record) {
      if (await adopt(tx, input, record, matchedByEmail)) {
        record.updated = nowString();
        await app.records.updateRow(collection, record, tx);
        const updated = record;
        events.push(() => app.events.emit({ action: 'update', collection, record: updated }));
      }
    } else {
      record = await create(app, tx, input, (fn) => events.push(fn));
      isNew = true;
    }
    await saveLink(app, tx, collection.id, record, provider, user.id);
    return { record, isNew };
  });
  for (const fire of events) fire();
  return result;
}
