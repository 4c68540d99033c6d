/**
 * `_external_jobs`: one row per job submitted to a hosted provider (a training or a generation).
 * It is how a webhook reaches the worker waiting on the job, in this process or another one (on
 * PostgreSQL the webhook may land on `serve` while a separate `worker` waits), and how a retried
 * attempt finds work already paid for instead of submitting it again. Internal: not a collection.
 */
import type { Db } from '../../core/db/db.js';

export async function createExternalJobsTable(db: Db): Promise<void> {
  await db.exec(
    `CREATE TABLE IF NOT EXISTS "_external_jobs" (` +
      `"id" TEXT PRIMARY KEY NOT NULL, ` +
      `"provider" TEXT NOT NULL, ` +
      `"externalId" TEXT NOT NULL, ` +
      `"kind" TEXT NOT NULL, ` +
      `"jobKey" TEXT NOT NULL, ` +
      `"photoshoot" TEXT NOT NULL, ` +
      `"token" TEXT NOT NULL, ` +
      `"meta" TEXT NOT NULL DEFAULT '{}', ` +
      `"state" TEXT NOT NULL DEFAULT 'pending', ` +
      `"result" TEXT NOT NULL DEFAULT '{}', ` +
      `"deliveries" INTEGER NOT NULL DEFAULT 0, ` +
      `"created" TEXT NOT NULL, ` +
      `"updated" TEXT NOT NULL)`,
  );
  await db.exec(
    `CREATE UNIQUE INDEX IF NOT EXISTS "idx_external_jobs_ref" ON "_external_jobs" ("provider", "externalId")`,
  );
  await db.exec(
    `CREATE INDEX IF NOT EXISTS "idx_external_jobs_key" ON "_external_jobs" ("provider", "jobKey")`,
  );
  await db.exec(
    `CREATE INDEX IF NOT EXISTS "idx_external_jobs_photoshoot" ON "_external_jobs" ("photoshoot")`,
  );
}
