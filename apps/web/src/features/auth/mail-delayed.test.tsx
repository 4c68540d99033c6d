import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTests } from '../../lib/auth-store';
import { pb } from '../../lib/pb';
import { newAccount } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';

/**
 * The pages that ask for a mailed link say when the server reports its mail delayed. The server's
 * delayed answer is stubbed (making its queue late takes a failing SMTP server and a minute of
 * waiting; the server side is tested with the mail queue); its normal answer is the real one.
 */
function delayMail(action: string) {
  const send = pb.send.bind(pb);
  return vi
    .spyOn(pb, 'send')
    .mockImplementation(async (path: string, options) =>
      path === `/api/collections/users/${action}` ? { mailDelayed: true } : send(path, options),
    );
}

describe('a delayed mailed link', () => {
  beforeEach(() => resetAuthForTests());
  afterEach(() => vi.restoreAllMocks());

  async function askForReset() {
    const account = await newAccount();
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), account.email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await screen.findByText('Check your inbox');
  }

  it('is said on the reset page when the server says so', async () => {
    const sent = delayMail('request-password-reset');
    await askForReset();
    expect(sent).toHaveBeenCalledWith('/api/collections/users/request-password-reset', expect.anything());
    expect(screen.getByText(/Email delivery is delayed right now, so the link may arrive late/)).toBeTruthy();
  });

  it('is not said when the server answers as usual', async () => {
    await askForReset();
    expect(screen.queryByText(/Email delivery is delayed/)).toBeNull();
  });

  it('is said in the settings after resending the confirmation link', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    delayMail('request-verification');
    renderApp('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText(`We sent a new confirmation link to ${account.email}.`)).toBeTruthy();
    expect(screen.getByText(/Email delivery is delayed right now, so the link may arrive late/)).toBeTruthy();
  });
});
