import { describe, expect, it } from 'vitest';
import { inviteStateView } from './invite-states';

describe('inviteStateView', () => {
  it('names each unusable state in words, with the way forward', () => {
    expect(inviteStateView('expired')).toEqual({
      title: 'This invite link has expired',
      hint: 'Ask your team admin for a new one.',
      action: 'none',
    });
    expect(inviteStateView('wrong_domain').action).toBe('switch-account');
    expect(inviteStateView('member')).toMatchObject({
      title: 'You are already in this team',
      action: 'team',
    });
    expect(inviteStateView('unverified').action).toBe('settings');
  });
});
