/**
 * Whether an invite can be used, and by whom: the states the invite page explains in words.
 * `wrong_email` and `wrong_domain` need the person; a guest sees `open` with a hint of the
 * restriction's kind (never the address itself).
 */
import type { RecordOf } from '../record-of.js';
import { parseDate } from '../../tools/dates.js';
import { asciiDomain, normalizeEmail } from '../../tools/normalize-email.js';

export type InviteState =
  'open' | 'expired' | 'revoked' | 'used_up' | 'wrong_email' | 'wrong_domain' | 'unverified' | 'member';

export type Joiner = { email: string; verified: boolean; isMember: boolean };

export const INVITE_MESSAGES: Record<Exclude<InviteState, 'open'>, string> = {
  expired: 'This invite link has expired. Ask your team admin for a new one.',
  revoked: 'This invite link was withdrawn. Ask your team admin for a new one.',
  used_up: 'This invite link has been used as many times as allowed. Ask your team admin for a new one.',
  wrong_email: 'This invite is for another email address. Sign in with the address it was sent to.',
  wrong_domain: "This invite is for your company's email addresses. Sign in with your work address.",
  unverified: 'Verify your email address first, then open the invite again.',
  member: 'You are already a member of this team.',
};

/** What restricts who may join: the kind only (`email` or the domain itself). */
export function restrictionOf(invite: RecordOf<'team_invites'>): {
  kind: 'none' | 'email' | 'domain';
  domain?: string;
} {
  if (invite.email) return { kind: 'email' };
  if (invite.domain) return { kind: 'domain', domain: invite.domain };
  return { kind: 'none' };
}

export function inviteState(
  invite: RecordOf<'team_invites'>,
  joiner: Joiner | null,
  now = new Date(),
): InviteState {
  if (invite.revoked === true) return 'revoked';
  const expires = parseDate(invite.expiresAt);
  if (expires && expires.getTime() <= now.getTime()) return 'expired';
  if (invite.maxUses > 0 && invite.uses >= invite.maxUses) return 'used_up';
  if (!joiner) return 'open';
  if (joiner.isMember) return 'member';
  // note: both sides in their normal form: a lookalike domain (`\u212Aelvin-acme.com`) is another domain.
  const email = normalizeEmail(joiner.email).toLowerCase();
  if (invite.email && normalizeEmail(invite.email).toLowerCase() !== email) return 'wrong_email';
  if (invite.domain && email.slice(email.lastIndexOf('@') + 1) !== asciiDomain(invite.domain))
    return 'wrong_domain';
  // note: an address restriction means nothing until the person has shown they own the address.
  if ((invite.email || invite.domain) && !joiner.verified) return 'unverified';
  return 'open';
}
