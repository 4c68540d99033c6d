import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAuthForTests } from '../lib/auth-store';
import { pb } from '../lib/pb';
import { checkSession } from '../lib/session-check';
import { queryClient } from '../lib/query-client';
import { newAccount, operatorClient, otherClient } from '../testing/accounts';
import { completedShoot } from '../testing/completed-shoot';
import { renderApp } from '../testing/render-app';

/** Another browser changes the password: every session of the account ends. */
async function changePasswordElsewhere(account: { id: string; email: string; password: string }) {
  const elsewhere = otherClient();
  await elsewhere.collection('users').authWithPassword(account.email, account.password);
  await elsewhere.collection('users').update(account.id, {
    oldPassword: account.password,
    password: 'another-good-password-2',
    passwordConfirm: 'another-good-password-2',
  });
}

describe('a signed-in page after the session ended elsewhere', () => {
  beforeEach(() => resetAuthForTests());

  it('says so when the person comes back to the tab, and not while the session holds', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    const comeBack = () => act(() => void document.dispatchEvent(new Event('visibilitychange')));

    // Back to the tab while the session holds: the page stays.
    await comeBack();
    // note: joins the check the tab's return started (concurrent checks share one call).
    await act(() => checkSession(pb));
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    expect(screen.queryByRole('heading', { name: 'You have been signed out' })).toBeNull();

    await changePasswordElsewhere(account);
    await comeBack();
    expect(await screen.findByRole('heading', { name: 'You have been signed out' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toContain(
      'redirect=%2Fdashboard',
    );
    expect(pb.authStore.token).toBe('');
  });

  it('a live results page says the person was signed out, not "no portraits"', async () => {
    const owner = await newAccount();
    const id = await completedShoot(await operatorClient(), owner.id);
    await pb.collection('users').authWithPassword(owner.email, owner.password);
    renderApp(`/photoshoot/${id}/results`);
    expect(await screen.findAllByTestId('result-card')).toHaveLength(1);

    await changePasswordElsewhere(owner);

    const notice = await screen.findByRole('heading', { name: 'You have been signed out' });
    expect(notice.closest('[role="alert"]')?.textContent).toContain('password was changed or reset');
    expect(screen.queryByText('No portraits released yet')).toBeNull();
    expect(screen.queryAllByTestId('result-card')).toHaveLength(0);
    const again = screen.getByRole('link', { name: 'Sign in again' });
    expect(new URL(again.getAttribute('href')!, 'http://x').searchParams.get('redirect')).toBe(
      `/photoshoot/${id}/results`,
    );
    await waitFor(() => expect(pb.authStore.token).toBe(''));
  });

  it('says so when the session ends after the reads but before the subscription is live', async () => {
    const owner = await newAccount();
    const id = await completedShoot(await operatorClient(), owner.id);
    await pb.collection('users').authWithPassword(owner.email, owner.password);
    // The page's subscription reaches the server only after the password has changed elsewhere:
    // the server takes it as a guest's, so it has no signed-in connection of this page to close.
    let held = false;
    pb.beforeSend = async (url, options) => {
      if (!held && url.endsWith('/api/realtime') && options.method === 'POST') {
        held = true;
        await changePasswordElsewhere(owner);
      }
      return { url, options };
    };
    try {
      renderApp(`/photoshoot/${id}/results`);
      expect(await screen.findByRole('heading', { name: 'You have been signed out' })).toBeTruthy();
      expect(held).toBe(true);
      expect(screen.queryAllByTestId('result-card')).toHaveLength(0);
    } finally {
      pb.beforeSend = undefined;
    }
  });

  it('a check asked for while an earlier one runs asks again, so a session ended meanwhile ends', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    // The first check is answered "still signed in"; before the page has that answer, the password
    // changes elsewhere and the reconnect asks for a check of its own.
    let second: Promise<void> | null = null;
    pb.afterSend = async (response, data) => {
      if (!second && response.url.endsWith('/auth-refresh')) {
        await changePasswordElsewhere(account);
        second = checkSession(pb);
      }
      return data;
    };
    try {
      await checkSession(pb);
      expect(second).not.toBeNull();
      await second;
    } finally {
      pb.afterSend = undefined;
    }
    expect(pb.authStore.token).toBe('');
  });

  it('a read refused as a guest\'s (the person\'s own photoshoot "not found") asks about the session', async () => {
    const owner = await newAccount();
    const id = await completedShoot(await operatorClient(), owner.id);
    await pb.collection('users').authWithPassword(owner.email, owner.password);
    await changePasswordElsewhere(owner);
    await queryClient
      .fetchQuery({
        queryKey: ['photoshoot', id],
        queryFn: () => pb.collection('photoshoots').getOne(id),
        retry: false,
      })
      .catch(() => undefined);
    await waitFor(() => expect(pb.authStore.token).toBe(''));
  });
});
