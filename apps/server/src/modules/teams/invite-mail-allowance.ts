/**
 * Who may mail invitations, and how many: a mail we send in a team's name to addresses we were
 * only given is what a spammer wants from us. Only a verified account may mail invites, and a team
 * and an account each get a number per 24 hours (`teams` settings). Checked inside the invite's
 * transaction with the team's and the sender's rows locked, so parallel requests cannot together
 * pass a cap.
 */
import { ApiError } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import type { Db } from '../../core/db/db.js';
import type { RecordData } from '../../core/records/codec.js';
import { formatDate } from '../../tools/dates.js';
import { lockRecord } from '../../core/records/lock-record.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const UNVERIFIED_SENDER =
  'Verify your email address before mailing invitations. You can still share a link.';

async function mailedSince(tx: Db, column: 'team' | 'createdBy', id: string, since: string): Promise<number> {
  const row = await tx.get<{ n: number }>(
    `SELECT COUNT(*) AS "n" FROM "team_invites" WHERE "${column}" = ? AND "email" != '' AND "created" >= ?`,
    [id, since],
  );
  return row?.n ?? 0;
}

/** The sender, once checked: they may mail `count` more invitations for `teamId` now. */
export async function checkInviteMailAllowance(
  app: App,
  tx: Db,
  senderId: string,
  teamId: string,
  count: number,
): Promise<RecordData> {
  await lockRecord(tx, app.registry.require('teams'), teamId);
  const sender = await lockRecord(tx, app.registry.require('users'), senderId);
  if (!sender || sender.verified !== true) {
    throw ApiError.forbidden(UNVERIFIED_SENDER);
  }
  const since = formatDate(new Date(Date.now() - DAY_MS));
  const limits = app.settings.get().teams;
  const capped = (used: number, cap: number, who: string) => {
    if (used + count <= cap) return;
    const left = Math.max(0, cap - used);
    throw ApiError.tooManyRequests(
      `${who} can mail ${cap} invitations in 24 hours and ${left} are left. Share a link instead, or try again tomorrow.`,
    );
  };
  capped(await mailedSince(tx, 'team', teamId, since), limits.invitesPerTeamPerDay, 'A team');
  capped(await mailedSince(tx, 'createdBy', senderId, since), limits.invitesPerAccountPerDay, 'An account');
  return sender;
}
