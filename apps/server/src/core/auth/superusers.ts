import type { App } from '../app.js';
import { systemCaller } from '../records/caller.js';

/** Creates or updates an operator account (the CLI's `superuser upsert`). */
export async function upsertSuperuser(
  app: App,
  email: string,
  password: string,
): Promise<{ created: boolean }> {
  const collection = app.registry.require('_superusers');
  const caller = systemCaller(collection);
  const existing = await app.db.get<{ id: string }>(
    `SELECT "id" FROM "_superusers" WHERE LOWER("email") = LOWER(?)`,
    [email],
  );
  if (existing) {
    await app.records.update(collection, caller, existing.id, { password, passwordConfirm: password });
    return { created: false };
  }
  await app.records.create(collection, caller, {
    email,
    password,
    passwordConfirm: password,
    verified: true,
  });
  return { created: true };
}

export async function countSuperusers(app: App): Promise<number> {
  const row = await app.db.get<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "_superusers"`);
  return Number(row?.n ?? 0);
}
