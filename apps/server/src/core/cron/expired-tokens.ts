/**
 * Deletes one-time passwords older than the OTP lifetime (settings `otp.duration`) and MFA
 * sessions older than `mfa.duration`. Reset, verification and email-change tokens are signed JWTs
 * with an expiry, so nothing else is stored. The `_otps` and `_mfas` tables come with later
 * migrations than this job may know of: without them, nothing to do.
 */
import type { App } from '../app.js';
import type { Db } from '../db/db.js';
import { deleteExpiredOtps } from '../auth/otp-store.js';
import { deleteExpiredMfas } from '../auth/mfa-store.js';
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
  const before = (seconds: number) => formatDate(new Date(now.getTime() - Math.max(0, seconds) * 1000));
  if (await tableExists(app.db, '_otps'))
    await deleteExpiredOtps(app.db, before(app.settings.get().otp.duration));
  // MFA sessions (decision 007) expire after `settings.mfa.duration`, like the codes above.
  if (await tableExists(app.db, '_mfas'))
    await deleteExpiredMfas(app.db, before(app.settings.get().mfa.duration));
}
