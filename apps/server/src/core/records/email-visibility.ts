/**
 * Who else sees an auth record's email while its owner keeps `emailVisibility` off: besides the
 * record itself and superusers (serialize.ts), callers that satisfy the collection's `emailRule`
 * (team owners and admins see their members' addresses). One query per page of records.
 */
import { q, type Db } from '../db/db.js';
import type { App } from '../app.js';
import type { CollectionDef } from '../schema/collection.js';
import { isSuperuser, type Caller } from './caller.js';
import type { RecordData } from './codec.js';
import { BASE_ALIAS, ruleCondition } from './rules.js';
import { serializeRecord, visibilityFor, type RecordJson } from './serialize.js';

/** Re-serialises, with the email, the items whose email was hidden and the rule grants. */
export async function revealEmails(
  app: App,
  db: Db,
  collection: CollectionDef,
  items: { data: RecordData; json: RecordJson }[],
  caller: Caller,
): Promise<void> {
  const rule = collection.auth?.emailRule;
  if (rule === undefined || rule === null || caller.auth === null || isSuperuser(caller)) return;
  const hidden = items.filter((i) => !('email' in i.json) && typeof i.data.email === 'string');
  if (!hidden.length) return;
  const ids = [...new Set(hidden.map((i) => String(i.data.id)))];
  const cond = ruleCondition(db, app.registry, collection, rule, caller);
  const rows = await db.all<{ id: string }>(
    `SELECT ${BASE_ALIAS}."id" AS "id" FROM ${q(collection.name)} ${BASE_ALIAS} ` +
      `WHERE ${BASE_ALIAS}."id" IN (${ids.map(() => '?').join(', ')})${cond ? ` AND (${cond.sql})` : ''}`,
    [...ids, ...(cond?.params ?? [])],
  );
  const granted = new Set(rows.map((r) => r.id));
  for (const item of hidden) {
    if (!granted.has(String(item.data.id))) continue;
    const { expand } = item.json;
    const opts = { ...visibilityFor(collection, item.data, caller), showEmail: true };
    item.json = serializeRecord(collection, item.data, opts);
    if (expand) item.json.expand = expand;
  }
}
