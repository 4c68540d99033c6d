import type { TeamInviteState as InviteState } from '@photoshoot/contract';

type View = {
  title: string;
  /** What to do now (the title already says what is wrong). */
  hint: string;
  action: 'none' | 'settings' | 'switch-account' | 'team';
};

const NEW_LINK = 'Ask your team admin for a new one.';

/** The heading and next step of each state an invite link cannot be used in (the server says why). */
export const INVITE_STATE_VIEWS: Record<Exclude<InviteState, 'open'>, View> = {
  expired: { title: 'This invite link has expired', hint: NEW_LINK, action: 'none' },
  revoked: { title: 'This invite link was withdrawn', hint: NEW_LINK, action: 'none' },
  used_up: {
    title: 'This invite link is used up',
    hint: `It has been used as many times as allowed. ${NEW_LINK}`,
    action: 'none',
  },
  wrong_email: {
    title: 'This invite is for another email address',
    hint: 'Sign in with the address it was sent to.',
    action: 'switch-account',
  },
  wrong_domain: {
    title: 'This invite is for another company’s addresses',
    hint: 'Sign in with your work address.',
    action: 'switch-account',
  },
  unverified: {
    title: 'Verify your email address first',
    hint: 'The invite is for certain addresses: verify yours in your settings, then open the link again.',
    action: 'settings',
  },
  member: {
    title: 'You are already in this team',
    hint: 'Your team photoshoots are waiting for you.',
    action: 'team',
  },
};

export function inviteStateView(state: InviteState): View {
  return state === 'open' ? { title: '', hint: '', action: 'none' } : INVITE_STATE_VIEWS[state];
}
