/**
 * Deletes one-time passwords older than the OTP lifetime (settings `otp.duration`). Reset,
 * verification and email-change tokens are signed JWTs with an expiry, so nothing else is stored.
 * The `_otps` table comes with a later migration than this job may know of: without it, nothing
 * to do.
 */
import type { App } from '../app.js';
import type { Db } from '../db/db.js';
import { deleteExpiredOtps } from '../auth/otp-store.js';
import { formatDate } from '../../tools/dates.js';

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const row =
    db.dialect === 'sqlite'
      ? await db.get(`SELECT 1 AS ok FROM sqlite_master WHERE type = 'table' AND name = ?`, [table])
      : await db.get(
          `SELECT 1 AS ok FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?`,
          [table],
        );
  return row !== undefined;
}

export async function cleanupExpiredTokens(app: App, now = new Date()): Promise<void> {
  if (!(await tableExists(app.db, '_otps'))) return;
  const lifetimeMs = Math.max(0, app.settings.get().otp.duration) * 1000;
  await deleteExpiredOtps(app.db, formatDate(new Date(now.getTime() - lifetimeMs)));
}
