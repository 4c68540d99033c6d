/**
 * The platform's jobs (listed last by `/api/crons`, with the modules' own): log retention, expired
 * one-time passwords, and scheduled backups, whose schedule follows
 * settings `backups.cron` ('' = off) and whose work is whatever the backups feature installs as
 * `app.backupHook`.
 */
import type { App } from '../app.js';
import { formatDate } from '../../tools/dates.js';
import { cleanupExpiredTokens } from './expired-tokens.js';
import { PgTickLock } from './pg-tick-lock.js';

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
  app.crons.add(
    '__backups__',
    () => app.settings.get().backups.cron,
    async () => {
      await app.backupHook?.();
    },
  );
}
