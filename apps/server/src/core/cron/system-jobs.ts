/**
 * The jobs every server runs (listed last by `/api/crons`): log retention, expired one-time
 * passwords, photo retention, refunds still owed, and scheduled backups, whose schedule follows
 * settings `backups.cron` ('' = off) and whose work is whatever the backups feature installs as
 * `app.backupHook`.
 */
import type { App } from '../app.js';
import { formatDate } from '../../tools/dates.js';
import { cleanupExpiredTokens } from './expired-tokens.js';
import { PgTickLock } from './pg-tick-lock.js';
import { runRetention } from '../../modules/delivery/retention.js';
import { sweepOwedRefunds } from '../../modules/payments/owed-refunds.js';
import { forgetOldJobs } from '../../modules/hosted-providers/external-jobs.js';

const DAY_MS = 86_400_000;

/** Deletes request logs older than settings `logs.maxDays` (0 keeps none). */
export async function cleanupLogs(app: App, now = new Date()): Promise<number> {
  const days = Math.max(0, app.settings.get().logs.maxDays);
  return app.logs.deleteBefore(formatDate(new Date(now.getTime() - days * DAY_MS)));
}

export function registerSystemCrons(app: App): void {
  // Several processes may share one PostgreSQL database: each scheduled tick runs in one of them.
  const db = app.options.db;
  if (db.kind === 'postgres') app.crons.useTickLock(new PgTickLock(db.url, db.schema));
  app.crons.add('__logsCleanup__', '0 */6 * * *', async () => {
    await cleanupLogs(app);
  });
  app.crons.add('__expiredTokensCleanup__', '*/15 * * * *', () => cleanupExpiredTokens(app));
  // Photo retention (settings `processing.*RetentionDays`): originals, then results, after release.
  app.crons.add('__photoRetention__', '23 * * * *', async () => {
    await runRetention(app);
    // Hosted-provider job rows hold per-job tokens and the providers' output URLs.
    await forgetOldJobs(app.db);
  });
  // Refunds the payment provider could not make at the time (ADR 008), until they go through.
  app.crons.add('__owedRefunds__', '*/10 * * * *', async () => {
    await sweepOwedRefunds(app);
  });
  app.crons.add(
    '__backups__',
    () => app.settings.get().backups.cron,
    async () => {
      await app.backupHook?.();
    },
  );
}
