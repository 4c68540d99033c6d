import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTests } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { renderApp } from '../../testing/render-app';
import { joinedMember, ownTeam, signIn } from '../../testing/team-admin-test-kit';
import { teamMembersQuery, teamQuery } from './data/team-queries';
import { teamLoaders } from './team-loaders';

/**
 * Every loading state a page paints on the way, by its words: `LoadingBlock` is a `role="status"`
 * element. The router's own pending block ("Loading…", shown while a slow page chunk compiles)
 * is not a page's and is left out.
 */
function watchLoadingStates(): { seen: string[]; stop: () => void } {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const blocks = [node, ...node.querySelectorAll('[role="status"]')].filter(
          (el) => el.getAttribute('role') === 'status',
        );
        for (const block of blocks) if (block.textContent !== 'Loading…') seen.push(block.textContent ?? '');
      }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen, stop: () => observer.disconnect() };
}

describe('teamLoaders', () => {
  beforeEach(() => resetAuthForTests());
  afterEach(() => queryClient.clear());

  it("reads an admin's dashboard data, and only the team for a member", async () => {
    const asked: unknown[] = [];
    vi.spyOn(queryClient, 'ensureQueryData').mockImplementation((options) => {
      asked.push(options.queryKey);
      return Promise.resolve(undefined);
    });
    await teamLoaders.dashboard?.('t1', 'admin');
    expect(asked).toContainEqual(teamQuery('t1').queryKey);
    expect(asked).toContainEqual(teamMembersQuery('t1').queryKey);
    asked.length = 0;
    // A member may not read the members' overview (a 403): the loader does not ask for it.
    await teamLoaders.dashboard?.('t1', 'member');
    expect(asked).toEqual([teamQuery('t1').queryKey]);
  });

  it('leaves a refused read to the page instead of failing the route', async () => {
    await signIn();
    // The unguarded admin pages are opened by anyone signed in; the team is refused by its rules.
    await expect(teamLoaders.packages?.('nosuchteam12345')).resolves.toBeUndefined();
    expect(queryClient.getQueryState(teamQuery('nosuchteam12345').queryKey)?.status).toBe('error');
  });
});

describe('the team pages paint with their data', () => {
  beforeEach(() => resetAuthForTests());

  it('opens the dashboard with its figures and members, no loading state on the way', async () => {
    await signIn();
    const team = await ownTeam();
    await joinedMember(team.id);
    const loading = watchLoadingStates();
    renderApp(`/teams/${team.id}/photoshoots/dashboard`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team dashboard' })).toBeTruthy();
    expect(screen.getByTestId('figure-Members').textContent).toBe('2');
    expect(screen.getByText('Acme sales')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Delivered portraits' })).toBeTruthy();
    loading.stop();
    expect(loading.seen).toEqual([]);
  });

  it('goes from the team home to the dashboard without a loading state', async () => {
    await signIn();
    const team = await ownTeam();
    const loading = watchLoadingStates();
    const { router } = renderApp(`/teams/${team.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme sales' })).toBeTruthy();
    // The members and the invites were read with the team: the page shows them at once.
    expect(screen.getByRole('list', { name: 'Team members' })).toBeTruthy();
    const dashboard = `/teams/${team.id}/photoshoots/dashboard`;
    const link = screen
      .getAllByRole('link', { name: 'Dashboard' })
      .find((a) => a.getAttribute('href') === dashboard);
    fireEvent.click(link!);
    await waitFor(() => expect(router.state.location.pathname).toBe(dashboard));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team dashboard' })).toBeTruthy();
    expect(screen.getByTestId('figure-Members').textContent).toBe('1');
    loading.stop();
    expect(loading.seen).toEqual([]);
  });
});
