/** Bodies of the team endpoints (`/api/teams…`) other than buying seats. */
import { z } from 'zod';
import { SELECT_VALUES } from '../records.gen.js';
import { coded, issue } from './coded.js';

/**
 * `POST /api/teams` (signed in): the caller founds a team and owns it. The team's own rules
 * (lengths) are the collection's; the owner and seats are the server's.
 */
export const createTeamBody = z.object({ name: z.string(), company: z.string().default('') });
export type CreateTeamRequest = z.input<typeof createTeamBody>;
export type CreateTeamInput = z.output<typeof createTeamBody>;

/** The most addresses one invite request may mail. */
export const MAX_INVITE_EMAILS = 100;

/** One address or a list (a form sends a single one as text). */
const emailList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((emails) => (emails === undefined ? [] : Array.isArray(emails) ? emails : [emails]))
  .refine(
    (emails) => emails.length <= MAX_INVITE_EMAILS,
    issue('validation_too_many_emails', `Give up to ${MAX_INVITE_EMAILS} email addresses at once.`, {
      max: MAX_INVITE_EMAILS,
    }),
  );

/**
 * `POST /api/teams/{id}/invites` (team admins): one shareable link, or with `emails` one
 * single-use link per address, each mailed. Answered with `{items: CreatedInvite[]}`. The
 * invite's own rules (a date to come, an address's shape) are the collection's.
 */
export const teamInviteBody = z.object({
  role: z.enum(SELECT_VALUES.team_invites.role).default('member'),
  email: z.string().default(''),
  domain: z.string().default(''),
  expiresAt: z.string().default(''),
  maxUses: z.number().default(0),
  emails: emailList,
});
export type TeamInviteRequest = z.input<typeof teamInviteBody>;
/** An invite request as the server reads it: defaults filled in, `emails` always a list. */
export type TeamInviteInput = z.output<typeof teamInviteBody>;

/** `POST /api/teams/{id}/transfer` (the owner): the member, by user id, who becomes the owner. */
export const teamTransferBody = z.object({
  user: coded(z.string(), 'validation_not_a_member', 'Choose a member of the team.'),
});
export type TeamTransferRequest = z.input<typeof teamTransferBody>;

/** The most members one reminder request may name. */
export const MAX_REMINDED = 500;

/** `POST /api/teams/{id}/remind` (team admins): the members to remind, by user id; none named: everyone who has not submitted. */
export const teamRemindBody = z.object({
  members: coded(
    z.union([z.string(), z.array(z.string()).max(MAX_REMINDED)]).optional(),
    'validation_invalid_value',
    'List the members to remind by their user ids.',
  ).transform((members) => (members === undefined ? null : Array.isArray(members) ? members : [members])),
});
export type TeamRemindRequest = z.input<typeof teamRemindBody>;
