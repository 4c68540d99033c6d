/** The `_otps` table (migration 0002): one row per mailed code, holding only the code's hash. */
import type { Db } from '../db/db.js';

export type OtpRow = {
  id: string;
  collectionRef: string;
  recordRef: string;
  /** argon2id hash of the code. */
  password: string;
  /** The address the code was mailed to; a match with the record's email verifies it. */
  sentTo: string;
  attempts: number;
  created: string;
};

export async function insertOtp(db: Db, row: OtpRow): Promise<void> {
  await db.run(
    `INSERT INTO "_otps" ("id", "collectionRef", "recordRef", "password", "sentTo", "attempts", "created") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [row.id, row.collectionRef, row.recordRef, row.password, row.sentTo, row.attempts, row.created],
  );
}

export async function findOtp(db: Db, id: string): Promise<OtpRow | null> {
  const row = await db.get<OtpRow>(`SELECT * FROM "_otps" WHERE "id" = ?`, [id]);
  return row ? { ...row, attempts: Number(row.attempts) } : null;
}

/** The record's codes created after `since`, newest first. */
export function liveOtps(db: Db, collectionRef: string, recordRef: string, since: string): Promise<OtpRow[]> {
  return db.all<OtpRow>(
    `SELECT * FROM "_otps" WHERE "collectionRef" = ? AND "recordRef" = ? AND "created" > ? ORDER BY "created" DESC, "id" DESC`,
    [collectionRef, recordRef, since],
  );
}

/** Counts one more attempt and returns the new count (atomic, so parallel guesses all count). */
export async function countAttempt(db: Db, id: string): Promise<number> {
  await db.run(`UPDATE "_otps" SET "attempts" = "attempts" + 1 WHERE "id" = ?`, [id]);
  const row = await db.get<{ attempts: number | string }>(`SELECT "attempts" FROM "_otps" WHERE "id" = ?`, [
    id,
  ]);
  return row ? Number(row.attempts) : Number.POSITIVE_INFINITY;
}

/** Deletes the code; false when another request already did (it was used). */
export async function deleteOtp(db: Db, id: string): Promise<boolean> {
  return (await db.run(`DELETE FROM "_otps" WHERE "id" = ?`, [id])).changes === 1;
}

export async function deleteExpiredOtps(db: Db, before: string): Promise<void> {
  await db.run(`DELETE FROM "_otps" WHERE "created" <= ?`, [before]);
}

export async function deleteOtpsOf(db: Db, collectionRef: string, recordRef: string): Promise<void> {
  await db.run(`DELETE FROM "_otps" WHERE "collectionRef" = ? AND "recordRef" = ?`, [
    collectionRef,
    recordRef,
  ]);
}
