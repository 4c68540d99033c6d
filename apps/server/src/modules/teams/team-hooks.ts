/**
 * Server-filled team values: an invite's secret token and author, a membership's join date, and
 * the styles a team admin picks (active, and public or the team's own). An invite whose expiry
 * has already passed is refused rather than made dead on arrival.
 */
import { ApiError } from '../../core/errors.js';
import { isSuperuser } from '../../core/records/caller.js';
import type { RecordHookEvent, RecordHooks } from '../../core/records/record-hooks.js';
import { nowString, parseDate } from '../../tools/dates.js';
import { randomString } from '../../tools/random.js';
import { checkTeamStyles } from '../photoshoots/style-choice.js';
import { changedFields, mergeStoredServerFields } from '../photoshoots/stored-merge.js';
import { recordOf } from '../record-of.js';

/** Invite tokens: 40 alphanumerics (~238 bits), unguessable and URL-safe. */
export const INVITE_TOKEN_LENGTH = 40;

/** A link that has expired before anyone could use it helps nobody: the admin mistyped the date. */
const INVITE_EXPIRED_MESSAGE =
  'This date has already passed. Pick a later date, or leave it empty for a link that does not expire.';

async function inviteBeforeCreate(e: RecordHookEvent): Promise<void> {
  const expires = parseDate(e.record.expiresAt);
  if (expires && expires.getTime() <= Date.now())
    throw ApiError.badRequest('The invite is not valid.', {
      expiresAt: { code: 'validation_date_in_past', message: INVITE_EXPIRED_MESSAGE },
    });
  if (!e.record.token) e.record.token = randomString(INVITE_TOKEN_LENGTH);
  if (!e.record.createdBy && e.caller.auth?.collection.name === 'users')
    e.record.createdBy = e.caller.auth.record.id;
}

async function memberBeforeCreate(e: RecordHookEvent): Promise<void> {
  if (!e.record.joinedAt) e.record.joinedAt = nowString();
}

async function teamBeforeUpdate(e: RecordHookEvent): Promise<void> {
  const stored = await mergeStoredServerFields(e);
  if (isSuperuser(e.caller) || !changedFields(e, stored, ['styles']).length) return;
  await checkTeamStyles(e.tx, recordOf('teams', e.record).id, (e.record.styles as string[]) ?? []);
}

export function registerTeamHooks(hooks: RecordHooks): void {
  hooks.on('beforeCreate', 'team_invites', inviteBeforeCreate);
  hooks.on('beforeCreate', 'team_members', memberBeforeCreate);
  hooks.on('beforeUpdate', 'teams', teamBeforeUpdate);
}
