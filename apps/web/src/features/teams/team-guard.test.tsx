import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { newAccount, operatorClient } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';
import { resetAuthForTests } from '../../lib/auth-store';

// The real team routes in the real router, against the real server; teams and memberships are
// written by an operator, as the team flow's endpoints will do.
async function teamWith(memberId?: string): Promise<string> {
  const su = await operatorClient();
  const owner = await newAccount();
  const team = await su.collection('teams').create({ name: 'Acme', owner: owner.id });
  await su.collection('team_members').create({ team: team.id, user: owner.id, role: 'owner' });
  if (memberId) await su.collection('team_members').create({ team: team.id, user: memberId, role: 'member' });
  return team.id;
}

async function signedIn(): Promise<string> {
  const account = await newAccount();
  await pb.collection('users').authWithPassword(account.email, account.password);
  resetAuthForTests();
  return account.id;
}

describe('team guard', () => {
  beforeEach(() => resetAuthForTests());

  it('sends a guest to /login and back to the team page afterwards', async () => {
    const teamId = await teamWith();
    const { router } = renderApp(`/teams/${teamId}/photoshoots`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: `/teams/${teamId}/photoshoots` });
  });

  it('refuses a signed-in user who is not a member, saying so', async () => {
    await signedIn();
    const teamId = await teamWith();
    const { router } = renderApp(`/teams/${teamId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not a member of this team' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/teams/${teamId}`);
    expect(screen.queryByRole('heading', { level: 1, name: 'Team' })).toBeNull();
  });

  it('refuses a team that does not exist the same way', async () => {
    await signedIn();
    renderApp('/teams/nosuchteam12345/photoshoots/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not a member of this team' })).toBeTruthy();
  });

  it('lets a member in', async () => {
    const teamId = await teamWith(await signedIn());
    renderApp(`/teams/${teamId}/photoshoots/dashboard`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team dashboard' })).toBeTruthy();
  });

  it('serves the flow pages under the team’s base path: a step the photoshoot is not at redirects within the team', async () => {
    const userId = await signedIn();
    const teamId = await teamWith(userId);
    const shoot = await pb
      .collection('photoshoots')
      .create({ user: userId, team: teamId, title: 'Team shoot' });
    const { router } = renderApp(`/teams/${teamId}/photoshoots/${shoot.id}/processing`);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/teams/${teamId}/photoshoots/${shoot.id}/upload`),
    );
    expect(await screen.findByRole('navigation', { name: 'Photoshoot steps' })).toBeTruthy();
  });
});
