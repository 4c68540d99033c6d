import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import { renderApp } from '../../../testing/render-app';
import { signIn } from '../../../testing/team-admin-test-kit';

describe('/teams/new and /teams', () => {
  beforeEach(() => resetAuthForTests());

  it('creates a team, makes the creator its owner and goes on to buy seats', async () => {
    const me = await signIn();
    const { router } = renderApp('/teams/new');
    const create = await screen.findByRole('button', { name: 'Create the team' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Acme sales' } });
    fireEvent.change(screen.getByLabelText(/Company/), { target: { value: 'Acme Inc.' } });
    fireEvent.click(create);
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/teams\/[a-z0-9]+\/team-packages$/),
    );
    const teamId = router.state.location.pathname.split('/')[2]!;
    const team = await pb.collection('teams').getOne(teamId);
    expect(team).toMatchObject({ name: 'Acme sales', company: 'Acme Inc.', owner: me.id });
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy seats' })).toBeTruthy();
  });

  it('lists my teams with my role and seats', async () => {
    await signIn();
    await pb.send('/api/teams', { method: 'POST', body: { name: 'Design crew' } });
    renderApp('/teams');
    expect(await screen.findByRole('heading', { level: 2, name: 'Design crew' })).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(screen.getByText('0 of 0 seats used · 0 free')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open team Design crew' }).getAttribute('href')).toMatch(
      /^\/teams\/[a-z0-9]+$/,
    );
  });

  it('says so when I have no team yet', async () => {
    await signIn();
    renderApp('/teams');
    expect(await screen.findByText('You are not part of a team yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe('/teams/new');
  });
});
