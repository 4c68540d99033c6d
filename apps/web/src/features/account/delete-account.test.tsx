import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { resetAuthForTests } from '../../lib/auth-store';
import { newAccount } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';

// The real settings page deletes a real account on the test server, then lands on the home page.
describe('deleting one’s account', () => {
  beforeEach(() => resetAuthForTests());

  // The test server sends no mail (SMTP off): the page must not promise a confirmation.
  it('lands on the home page saying the account is gone, with no mail promised while mail is off', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    const { router } = renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), account.password);
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const notice = (await screen.findByText('Your account was deleted')).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice!.textContent).toContain('Your photoshoots, photos and portraits were deleted with it.');
    expect(notice!.textContent).not.toMatch(/email/i);
    expect(pb.authStore.isValid).toBe(false);
  });

  it('says nothing of a deletion on a home page opened normally', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('Your account was deleted')).toBeNull();
  });
});
