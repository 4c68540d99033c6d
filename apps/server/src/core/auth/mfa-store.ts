/** The `_mfas` table (migration 0004): one row per sign-in waiting for its second factor. */
import type { Db } from '../db/db.js';

/** How a factor was proven; the second factor must be a different one. */
export type AuthMethod = 'password' | 'otp' | 'oauth2';

export type MfaRow = {
  id: string;
  collectionRef: string;
  recordRef: string;
  method: AuthMethod;
  created: string;
};

export async function insertMfa(db: Db, row: MfaRow): Promise<void> {
  await db.run(
    `INSERT INTO "_mfas" ("id", "collectionRef", "recordRef", "method", "created") VALUES (?, ?, ?, ?, ?)`,
    [row.id, row.collectionRef, row.recordRef, row.method, row.created],
  );
}

export async function findMfa(db: Db, id: string): Promise<MfaRow | null> {
  return (await db.get<MfaRow>(`SELECT * FROM "_mfas" WHERE "id" = ?`, [id])) ?? null;
}

/** Deletes the session; false when another request already did (it was used). */
export async function deleteMfa(db: Db, id: string): Promise<boolean> {
  return (await db.run(`DELETE FROM "_mfas" WHERE "id" = ?`, [id])).changes === 1;
}

export async function deleteExpiredMfas(db: Db, before: string): Promise<void> {
  await db.run(`DELETE FROM "_mfas" WHERE "created" <= ?`, [before]);
}

export async function deleteMfasOf(db: Db, collectionRef: string, recordRef: string): Promise<void> {
  await db.run(`DELETE FROM "_mfas" WHERE "collectionRef" = ? AND "recordRef" = ?`, [
    collectionRef,
    recordRef,
  ]);
}
