/**
 * Invites: a team admin makes a shareable link (optionally for one address or one email domain,
 * with an expiry and a usage cap) or mails one-person links to a list of addresses; anyone with a
 * link previews it; a signed-in person accepts it. Accepting counts a use by a conditional update
 * and writes the membership in one transaction, so a one-use link joins exactly one person however
 * many accept at once.
 */
import type { TeamInviteInput } from '@photoshoot/contract';
import { ApiError, ValidationErrors } from '../../core/errors.js';
import type { App } from '../../core/app.js';
import { systemCaller, type Caller } from '../../core/records/caller.js';
import type { RecordData } from '../../core/records/codec.js';
import type { RecordJson } from '../../core/records/serialize.js';
import { appLink } from '../../core/mail/app-link.js';
import { nowString, parseDate } from '../../tools/dates.js';
import { asciiDomain, normalizeEmail } from '../../tools/normalize-email.js';
import { inTransaction } from '../../core/db/after-commit.js';
import { buyerId } from '../payments/buyer.js';
import { lockRecord } from '../../core/records/lock-record.js';
import { recordOf, type RecordOf } from '../record-of.js';
import {
  INVITE_MESSAGES,
  inviteState,
  restrictionOf,
  type InviteState,
  type Joiner,
} from './invite-state.js';
import { teamRoleOf } from './team-role.js';
import { inviteMail, sendTeamMail } from './team-mails.js';
import { checkInviteMailAllowance } from './invite-mail-allowance.js';

export type CreatedInvite = RecordJson & { url: string };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The addresses the form shows back: enough to find each in the list, never a whole pasted page. */
const NAMED_INVALID = 5;

/** The typed addresses (at most `MAX_INVITE_EMAILS`: the contract's `teamInviteBody`), normalised. */
function readEmails(list: readonly string[], errors: ValidationErrors): string[] {
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const typed of list) {
    const email = normalizeEmail(typed).toLowerCase();
    if (EMAIL_SHAPE.test(email)) emails.push(email);
    else invalid.push(typed.trim().slice(0, 254));
  }
  if (invalid.length) {
    // note: named, so the admin can fix the one typo in a pasted list instead of guessing.
    const named = invalid.slice(0, NAMED_INVALID).map((a) => `"${a}"`);
    if (invalid.length > NAMED_INVALID) named.push(`${invalid.length - NAMED_INVALID} more`);
    errors.add(
      'emails',
      'validation_invalid_emails',
      invalid.length === 1
        ? `${named[0]} is not a valid email address. Correct or remove it, then send again.`
        : `These are not valid email addresses: ${named.join(', ')}. Correct or remove them, then send again.`,
      { invalid },
    );
  }
  return [...new Set(emails)];
}

/**
 * `POST /api/teams/{id}/invites`: `{role?, email?, domain?, expiresAt?, maxUses?}` makes one link;
 * with `emails: [...]` instead, one single-use link per address, each mailed.
 */
export async function createInvites(
  app: App,
  caller: Caller,
  teamId: string,
  body: TeamInviteInput,
): Promise<CreatedInvite[]> {
  const errors = new ValidationErrors();
  const emails = readEmails(body.emails, errors);
  errors.throwIfAny('The invite is not valid.');
  const base = {
    team: teamId,
    role: body.role,
    expiresAt: body.expiresAt,
    domain: asciiDomain(body.domain) || body.domain.trim(),
  };
  const rows = emails.length
    ? emails.map((email) => ({ ...base, email, domain: '', maxUses: 1 }))
    : [{ ...base, email: body.email, maxUses: body.maxUses }];
  const invites = app.registry.require('team_invites');
  const byUser = caller.auth?.collection.name === 'users';
  let sender: RecordData | null = null;
  const saved = await inTransaction(app.db, async (tx, later) => {
    // note: operators (superusers) are not capped; people mailing through us are.
    if (emails.length && byUser)
      sender = await checkInviteMailAllowance(
        app,
        tx,
        recordOf('users', caller.auth!.record).id,
        teamId,
        emails.length,
      );
    const out = [];
    for (const row of rows)
      out.push(await app.records.create(invites, caller, row, { tx, afterCommit: later.add }));
    return out;
  });
  const team = recordOf('teams', await app.records.findById(app.registry.require('teams'), teamId));
  const appURL = app.settings.get().meta.appURL;
  const inviter = {
    name: String((sender as RecordData | null)?.name ?? ''),
    email: String((sender as RecordData | null)?.email ?? ''),
  };
  for (const s of saved) {
    const invite = recordOf('team_invites', s.data);
    if (emails.length) {
      await sendTeamMail(
        app,
        inviteMail(app, invite.email, { token: invite.token, teamName: team?.name ?? '', inviter }),
        // note: an invitation that expires while SMTP is down is dropped, not sent dead.
        parseDate(invite.expiresAt) ?? undefined,
      );
    }
  }
  return saved.map((s) => ({
    ...s.json,
    url: appLink(appURL, `/teams/invite/${recordOf('team_invites', s.data).token}`),
  }));
}

async function inviteByToken(app: App, token: string, db = app.db): Promise<RecordOf<'team_invites'> | null> {
  if (!/^[A-Za-z0-9]{32,64}$/.test(token)) return null;
  const row = await db.get<{ id: string }>(`SELECT "id" FROM "team_invites" WHERE "token" = ?`, [token]);
  return row
    ? recordOf('team_invites', await lockRecord(db, app.registry.require('team_invites'), row.id))
    : null;
}

async function joinerOf(app: App, caller: Caller, teamId: string, db = app.db): Promise<Joiner | null> {
  if (caller.auth?.collection.name !== 'users') return null;
  const id = recordOf('users', caller.auth.record).id;
  const user = recordOf('users', await app.records.findById(app.registry.require('users'), id, db));
  if (!user) return null;
  return {
    email: user.email,
    verified: user.verified === true,
    isMember: (await teamRoleOf(db, teamId, user.id)) !== null,
  };
}

export type InvitePreview = {
  team: { id: string; name: string; company: string };
  role: 'admin' | 'member';
  state: InviteState;
  message: string;
  restriction: ReturnType<typeof restrictionOf>;
  expiresAt: string;
};

/** `GET /api/teams/invites/{token}`: what the invite page shows (public; 404 for an unknown token). */
export async function previewInvite(app: App, caller: Caller, token: string): Promise<InvitePreview> {
  const invite = await inviteByToken(app, token);
  if (!invite) throw ApiError.notFound('This invite link does not exist. Check that you copied all of it.');
  const team = recordOf('teams', await app.records.findById(app.registry.require('teams'), invite.team));
  if (!team) throw ApiError.notFound();
  const state = inviteState(invite, await joinerOf(app, caller, team.id));
  return {
    team: { id: team.id, name: team.name, company: team.company },
    role: invite.role === 'admin' ? 'admin' : 'member',
    state,
    message: state === 'open' ? '' : INVITE_MESSAGES[state],
    restriction: restrictionOf(invite),
    expiresAt: invite.expiresAt,
  };
}

/** `POST /api/teams/invites/{token}/accept`: joins the signed-in user; returns the membership. */
export async function acceptInvite(app: App, caller: Caller, token: string): Promise<RecordData> {
  const userId = buyerId(caller);
  const members = app.registry.require('team_members');
  const membership = await inTransaction(app.db, async (tx, later) => {
    const invite = await inviteByToken(app, token, tx);
    if (!invite) throw ApiError.notFound('This invite link does not exist. Check that you copied all of it.');
    const teamId = invite.team;
    const state = inviteState(invite, await joinerOf(app, caller, teamId, tx));
    if (state !== 'open') {
      const message = INVITE_MESSAGES[state];
      throw ApiError.badRequest(message, { invite: { code: `validation_invite_${state}`, message } });
    }
    // Counted only while uses are left: concurrent accepts of the last use find no row to change.
    const counted = await tx.run(
      `UPDATE "team_invites" SET "uses" = COALESCE("uses", 0) + 1, "updated" = ?
       WHERE "id" = ? AND (COALESCE("maxUses", 0) = 0 OR COALESCE("uses", 0) < "maxUses")`,
      [nowString(), invite.id],
    );
    if (counted.changes !== 1) {
      const message = INVITE_MESSAGES.used_up;
      throw ApiError.badRequest(message, { invite: { code: 'validation_invite_used_up', message } });
    }
    const operator = systemCaller(app.registry.require('_superusers'));
    const saved = await app.records.create(
      members,
      operator,
      { team: teamId, user: userId, role: invite.role },
      { tx, afterCommit: later.add },
    );
    return saved.data;
  });
  return membership;
}
