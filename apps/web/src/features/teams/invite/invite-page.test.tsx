import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { otherClient, newAccount } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import type { CreatedInvite } from '../data/team-api';

/** A link to a team made by its owner (another person). */
async function inviteLink(limits: { domain?: string } = {}): Promise<string> {
  const owner = await newAccount();
  const client = otherClient();
  await client.collection('users').authWithPassword(owner.email, owner.password);
  const team = await client.send<{ id: string }>('/api/teams', {
    method: 'POST',
    body: { name: 'Northwind', company: 'Northwind Traders' },
  });
  const { items } = await client.send<{ items: CreatedInvite[] }>(`/api/teams/${team.id}/invites`, {
    method: 'POST',
    body: limits,
  });
  return items[0]!.token;
}

describe('invite page', () => {
  beforeEach(() => {
    pb.authStore.clear();
    resetAuthForTests();
  });

  it('shows a guest the team and the terms, with both ways to join coming back to the link', async () => {
    const token = await inviteLink({ domain: 'example.com' });
    const { router } = renderApp(`/teams/invite/${token}`);
    expect(await screen.findByRole('heading', { name: 'You are invited to join Northwind' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/teams/invite/${token}`);
    expect(screen.getByText('Northwind Traders')).toBeTruthy();
    expect(screen.getByText('For addresses at example.com.')).toBeTruthy();
    expect(screen.getByTestId('invite-next-step').textContent).toMatch(/with your example\.com address/);
    const back = encodeURIComponent(`/teams/invite/${token}`);
    const create = screen.getByRole('link', { name: 'Create an account and join' });
    expect(create.getAttribute('href')).toBe(`/register?redirect=${back}`);
    const signIn = screen.getByRole('link', { name: 'Sign in and join' });
    expect(signIn.getAttribute('href')).toBe(`/login?redirect=${back}`);
    expect(screen.queryByRole('button', { name: 'Join Northwind' })).toBeNull();
  });

  it('offers a signed-in person the one-click join instead', async () => {
    const token = await inviteLink();
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    renderApp(`/teams/invite/${token}`);
    expect(await screen.findByRole('button', { name: 'Join Northwind' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in and join' })).toBeNull();
  });

  it('joins in one click, and the list of my teams shows the team at once', async () => {
    const token = await inviteLink();
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    // The list is read (and cached) before joining: joining must make it read again.
    const { router } = renderApp('/teams');
    expect(await screen.findByText('You are not part of a team yet')).toBeTruthy();
    await router.navigate({ to: '/teams/invite/$inviteToken', params: { inviteToken: token } });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Northwind' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/teams\/\w+\/photoshoots\/create$/),
    );
    await router.navigate({ to: '/teams' });
    expect(await screen.findByRole('link', { name: /Northwind/ })).toBeTruthy();
  });
});
