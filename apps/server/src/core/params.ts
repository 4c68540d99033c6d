/** A small key/value table for server state that must survive restarts (secrets, settings). */
import type { Db } from './db/db.js';

export async function readParam<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.get<{ value: string }>(`SELECT "value" FROM "_params" WHERE "id" = ?`, [key]);
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function writeParam(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db.run(
    `INSERT INTO "_params" ("id", "value") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "value" = excluded."value"`,
    [key, json],
  );
}
