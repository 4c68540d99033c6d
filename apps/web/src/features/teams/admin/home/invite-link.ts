import type { TeamInvite } from '../../data/team-api';

/** The link a colleague opens to join (the same path the server mails). */
export function inviteLink(token: string): string {
  return `${window.location.origin}/teams/invite/${token}`;
}

export type InviteStatus = 'active' | 'revoked' | 'expired' | 'used_up';

export function inviteStatus(invite: TeamInvite, now = Date.now()): InviteStatus {
  if (invite.revoked) return 'revoked';
  const expires = invite.expiresAt ? new Date(invite.expiresAt.replace(' ', 'T')).getTime() : NaN;
  if (!Number.isNaN(expires) && expires <= now) return 'expired';
  if (invite.maxUses > 0 && invite.uses >= invite.maxUses) return 'used_up';
  return 'active';
}

/** Who may use the link, in words. */
export function restrictionText(invite: TeamInvite): string {
  if (invite.email) return `Only ${invite.email}`;
  if (invite.domain) return `Only @${invite.domain} addresses`;
  return 'Anyone with the link';
}

/** The end of the chosen day, local time, as the server's date format. */
export function endOfDay(day: string): string {
  const d = new Date(`${day}T23:59:59`);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().replace('T', ' ');
}
