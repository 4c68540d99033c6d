import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { resetAuthForTests } from '../../lib/auth-store';
import { newAccount } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';

// The real settings page against the real server.
describe('changing the password', () => {
  beforeEach(() => resetAuthForTests());

  it('says a wrong current password on that field alone, and moves the focus there', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    renderApp('/settings');
    const form = await screen.findByRole('form', { name: 'Change password' });
    const user = userEvent.setup();
    const current = within(form).getByLabelText('Current password');
    await user.type(current, 'not-my-password');
    await user.type(within(form).getByLabelText('New password'), 'a-newer-password-9');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a-newer-password-9');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Your current password is not correct.')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(within(form).queryByText('Failed to change password')).toBeNull();
    expect(document.activeElement).toBe(current);
    // Still signed in as before.
    expect(pb.authStore.record?.id).toBe(account.id);
  });
});
