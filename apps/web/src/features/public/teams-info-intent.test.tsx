import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { resetAuthForTests } from '../../lib/auth-store';
import { renderApp } from '../../testing/render-app';

// The real /teams-info and registration pages against the real server.
describe('“Create a team” for a visitor without an account', () => {
  beforeEach(() => {
    pb.authStore.clear();
    resetAuthForTests();
  });

  it('goes through registration to the team form, not the dashboard', async () => {
    const { router } = renderApp('/teams-info');
    const user = userEvent.setup();
    const ctas = await screen.findAllByRole('link', { name: 'Create a team' });
    await user.click(ctas[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toEqual({ redirect: '/teams/new' });

    const email = `team${Date.now()}@example.com`;
    await user.type(await screen.findByLabelText(/^Name/), 'Tess Teamlead');
    await user.type(screen.getByLabelText(/^Email/), email);
    await user.type(screen.getByLabelText(/^Password/), 'a-good-password-1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'a-good-password-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/new'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a team' })).toBeTruthy();
    expect(pb.authStore.record?.email).toBe(email);
  });
});
