/**
 * Versioned schema migrations, run in order on start on both engines. Collection tables are
 * created from their definitions by `ensureCollection`; a migration names which ones it brings.
 * The platform's come first, then `0010_domain` (every module's collections), then the modules'
 * own, ordered by id (decision 020).
 */
import type { Db } from './db/db.js';
import { ensureCollection } from './db/ddl.js';
import { superusers } from './collections/superusers.js';
import { users } from './collections/users.js';
import type { CollectionDef } from './schema/collection.js';
import { externalAuths } from './oauth2/external-auths.js';
import { nowString } from '../tools/dates.js';
import { addMailQueueExpiry, createMailQueueTable } from './mail/mail-queue-migration.js';

export type Migration = { id: string; up(db: Db): Promise<void> };

export const platformMigrations: Migration[] = [
  {
    id: '0001_init',
    async up(db) {
      await db.exec(
        `CREATE TABLE IF NOT EXISTS "_params" ("id" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL)`,
      );
      await ensureCollection(db, superusers);
      await ensureCollection(db, users);
    },
  },
  {
    // One-time passwords of auth-with-otp (PocketBase's OTP and MFA); internal, never exposed as a
    // collection.
    id: '0002_otps',
    async up(db) {
      await db.exec(
        `CREATE TABLE IF NOT EXISTS "_otps" ("id" TEXT PRIMARY KEY NOT NULL, "collectionRef" TEXT NOT NULL, ` +
          `"recordRef" TEXT NOT NULL, "password" TEXT NOT NULL, "sentTo" TEXT NOT NULL DEFAULT '', ` +
          `"attempts" INTEGER NOT NULL DEFAULT 0, "created" TEXT NOT NULL)`,
      );
      await db.exec(`CREATE INDEX IF NOT EXISTS "idx_otps_record" ON "_otps" ("collectionRef", "recordRef")`);
      await db.exec(`CREATE INDEX IF NOT EXISTS "idx_otps_created" ON "_otps" ("created")`);
    },
  },
  {
    // Links from OAuth2 provider accounts to auth records (PocketBase's auth-with-oauth2);
    // internal, not in the registry.
    id: '0003_external_auths',
    async up(db) {
      await ensureCollection(db, externalAuths);
    },
  },
  {
    // Sign-ins waiting for their second factor (PocketBase's OTP and MFA, decision 007); internal
    // like `_otps`.
    id: '0004_mfas',
    async up(db) {
      await db.exec(
        `CREATE TABLE IF NOT EXISTS "_mfas" ("id" TEXT PRIMARY KEY NOT NULL, "collectionRef" TEXT NOT NULL, ` +
          `"recordRef" TEXT NOT NULL, "method" TEXT NOT NULL, "created" TEXT NOT NULL)`,
      );
      await db.exec(`CREATE INDEX IF NOT EXISTS "idx_mfas_record" ON "_mfas" ("collectionRef", "recordRef")`);
      await db.exec(`CREATE INDEX IF NOT EXISTS "idx_mfas_created" ON "_mfas" ("created")`);
    },
  },
  // Mail waiting for an SMTP server to accept it (retried, so no mail is lost); internal like `_otps`.
  { id: '0014_mail_queue', up: createMailQueueTable },
  // Codes and links that expire while SMTP is down are dropped, not sent late.
  { id: '0016_mail_queue_expiry', up: addMailQueueExpiry },
];

/**
 * The full list for an app made of these modules. `0010_domain` creates the tables of the modules'
 * collections as they are defined today; a module that changes or adds one later brings its own
 * migration (like `0011_results_review`).
 */
export function migrationsFor(
  modules: readonly { collections?: readonly CollectionDef[]; migrations?: readonly Migration[] }[],
): Migration[] {
  const domain: Migration = {
    // The photoshoot domain: profiles, catalogue, teams, orders, photos, money, contact.
    id: '0010_domain',
    async up(db) {
      for (const m of modules) for (const c of m.collections ?? []) await ensureCollection(db, c);
    },
  };
  const own = modules.flatMap((m) => m.migrations ?? []).sort((a, b) => a.id.localeCompare(b.id));
  return [...platformMigrations, domain, ...own];
}

export async function runMigrations(
  db: Db,
  list: readonly Migration[] = platformMigrations,
): Promise<string[]> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS "_migrations" ("id" TEXT PRIMARY KEY NOT NULL, "applied" TEXT NOT NULL)`,
  );
  const done = new Set((await db.all<{ id: string }>(`SELECT "id" FROM "_migrations"`)).map((r) => r.id));
  const applied: string[] = [];
  for (const m of list) {
    if (done.has(m.id)) continue;
    await db.transaction(async (tx) => {
      await m.up(tx);
      await tx.run(`INSERT INTO "_migrations" ("id", "applied") VALUES (?, ?)`, [m.id, nowString()]);
    });
    applied.push(m.id);
  }
  return applied;
}
