/**
 * `_mail_queue`: every mail the product sends on its own (receipts, status notices, account links
 * and codes) is a row here first, so a mail survives an SMTP outage and a restart, and counts as
 * sent only once an SMTP server accepted it. Internal: not a collection.
 */
import type { Db } from '../db/db.js';

export async function createMailQueueTable(db: Db): Promise<void> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS "_mail_queue" (` +
      `"id" TEXT PRIMARY KEY NOT NULL, ` +
      `"to" TEXT NOT NULL, ` +
      `"subject" TEXT NOT NULL, ` +
      `"text" TEXT NOT NULL, ` +
      `"html" TEXT NOT NULL, ` +
      // note: what the mail is about (e.g. "receipt:<payment id>"), told to listeners once it is sent.
      `"ref" TEXT NOT NULL DEFAULT '', ` +
      `"state" TEXT NOT NULL DEFAULT 'pending', ` +
      `"attempts" INTEGER NOT NULL DEFAULT 0, ` +
      `"nextAttempt" TEXT NOT NULL, ` +
      `"leaseUntil" TEXT NOT NULL DEFAULT '', ` +
      `"lastError" TEXT NOT NULL DEFAULT '', ` +
      `"created" TEXT NOT NULL, ` +
      `"updated" TEXT NOT NULL)`,
  );
  await db.exec(`CREATE INDEX IF NOT EXISTS "idx_mail_queue_due" ON "_mail_queue" ("state", "nextAttempt")`);
}

/** When a mail's code or link stops working: the queue drops such a mail rather than send it late. */
export async function addMailQueueExpiry(db: Db): Promise<void> {
  await db.exec(`ALTER TABLE "_mail_queue" ADD COLUMN "expiresAt" TEXT NOT NULL DEFAULT ''`);
}
