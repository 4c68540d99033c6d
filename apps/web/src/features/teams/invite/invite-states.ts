import type { InviteState } from '../data/member-queries';

type View = { title: string; action: 'none' | 'settings' | 'switch-account' | 'team' };

/** The heading and next step of each state an invite link cannot be used in (the server says why). */
export const INVITE_STATE_VIEWS: Record<Exclude<InviteState, 'open'>, View> = {
  expired: { title: 'This invite link has expired', action: 'none' },
  revoked: { title: 'This invite link was withdrawn', action: 'none' },
  used_up: { title: 'This invite link is used up', action: 'none' },
  wrong_email: { title: 'This invite is for another email address', action: 'switch-account' },
  wrong_domain: { title: 'This invite is for another company’s addresses', action: 'switch-account' },
  unverified: { title: 'Verify your email address first', action: 'settings' },
  member: { title: 'You are already in this team', action: 'team' },
};

export function inviteStateView(state: InviteState): View {
  return state === 'open' ? { title: '', action: 'none' } : INVITE_STATE_VIEWS[state];
}
