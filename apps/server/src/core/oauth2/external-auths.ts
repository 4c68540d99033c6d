/**
 * Reads and writes of `_externalAuths` (collections/external-auths.ts) for sign-in and account
 * flows; they bypass the records API rules, which only let a record see and delete its own links.
 */
import { q, type Db } from '../db/db.js';
import { externalAuths } from '../collections/external-auths.js';
import type { App } from '../app.js';
import type { RecordData } from '../records/codec.js';
import { newId } from '../../tools/random.js';
import { nowString } from '../../tools/dates.js';

export { externalAuths };

export type Link = {
  id: string;
  collectionRef: string;
  recordRef: string;
  provider: string;
  providerId: string;
  unproven: boolean;
};

const T = q(externalAuths.name);

export async function findLink(
  app: App,
  db: Db,
  collectionId: string,
  provider: string,
  providerId: string,
): Promise<Link | null> {
  return (await app.records.findOneBy(
    externalAuths,
    { collectionRef: collectionId, provider, providerId },
    db,
  )) as Link | null;
}

/** Links `record` to the provider account, replacing the record's earlier link to that provider. */
export async function saveLink(
  app: App,
  db: Db,
  collectionId: string,
  record: RecordData,
  provider: string,
  providerId: string,
): Promise<void> {
  await db.run(`DELETE FROM ${T} WHERE "collectionRef" = ? AND "recordRef" = ? AND "provider" = ?`, [
    collectionId,
    record.id,
    provider,
  ]);
  const now = nowString();
  await app.records.insertRow(
    externalAuths,
    {
      id: newId(),
      collectionRef: collectionId,
      recordRef: record.id,
      provider,
      providerId,
      unproven: !record.verified,
      created: now,
      updated: now,
    },
    db,
  );
}

/** Removes a record's links (only the unproven ones when asked); returns how many went. */
export async function deleteLinks(
  db: Db,
  collectionId: string,
  recordId: string,
  opts: { onlyUnproven?: boolean } = {},
): Promise<number> {
  const extra = opts.onlyUnproven ? ` AND "unproven" = ${db.dialect === 'postgres' ? 'TRUE' : '1'}` : '';
  const { changes } = await db.run(`DELETE FROM ${T} WHERE "collectionRef" = ? AND "recordRef" = ?${extra}`, [
    collectionId,
    recordId,
  ]);
  return changes;
}

export async function deleteLink(db: Db, id: string): Promise<void> {
  await db.run(`DELETE FROM ${T} WHERE "id" = ?`, [id]);
}
