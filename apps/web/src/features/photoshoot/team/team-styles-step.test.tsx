import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { resetAuthForTests } from '../../../lib/auth-store';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';

// The team flow's styles step in the real router against the real server: a locked team look,
// no payment step, and a submit the server refuses in words (the draft has no photos yet).
describe('team styles step', () => {
  beforeEach(() => resetAuthForTests());

  it('shows the locked team styles, offers no payment and says why a submit was refused', async () => {
    const su = await operatorClient();
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    const styles = await su.collection('styles').getList(1, 3, { filter: 'active = true && team = ""' });
    const locked = styles.items.slice(0, 2).map((s) => s.id);
    const team = await su
      .collection('teams')
      .create({ name: 'Locked look', owner: account.id, styles: locked, stylesLocked: true, seatsTotal: 1 });
    await su.collection('team_members').create({ team: team.id, user: account.id, role: 'member' });
    const shoot = await pb
      .collection('photoshoots')
      .create({ user: account.id, team: team.id, title: 'Team shoot' });

    renderApp(`/teams/${team.id}/photoshoots/${shoot.id}/styles`);
    expect(await screen.findByRole('heading', { name: 'Your team’s styles' })).toBeTruthy();
    const cards = screen.getAllByTestId('style-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const box = within(card).getByRole('checkbox');
      expect((box as HTMLInputElement).checked).toBe(true);
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    expect(screen.getByTestId('selection-status').textContent).toBe(
      'Your team admin chose these 2 styles for everyone.',
    );
    const steps = screen.getByRole('navigation', { name: 'Photoshoot steps' });
    expect(steps.textContent).not.toContain('Payment');

    fireEvent.click(screen.getByRole('button', { name: 'Submit on a team seat' }));
    const refusal = await screen.findByText(/Add at least \d+ photos that pass the checks before submitting/);
    expect(refusal).toBeTruthy();
    expect((await pb.collection('photoshoots').getOne(shoot.id)).status).toBe('draft');
  });

  it('says before any click that no seat is free, with Submit disabled', async () => {
    const { team, shoot } = await memberDraft({ seatsTotal: 0 });
    renderApp(`/teams/${team}/photoshoots/${shoot}/styles`);
    const note = await screen.findByTestId('seat-note');
    expect(note.textContent).toContain('No free seat in your team');
    const button = screen.getByRole('button', { name: 'Submit on a team seat' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe(note.id);
  });

  it('keeps a team photoshoot in the team flow, from the individual path and from a new profile', async () => {
    const { team, shoot } = await memberDraft({ seatsTotal: 2 });
    const teamStyles = `/teams/${team}/photoshoots/${shoot}/styles`;
    const { router } = renderApp(`/photoshoot/${shoot}/styles`);
    await waitFor(() => expect(router.state.location.pathname).toBe(teamStyles));
    expect(await screen.findByRole('button', { name: 'Submit on a team seat' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Continue to payment/ })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Describe someone new' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profiles/new'));
    const form = await screen.findByRole('form', { name: 'Profile of the person photographed' });
    expect(within(form).getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(teamStyles);
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Teammate' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(teamStyles), { timeout: 10_000 });
  });
});

/** A signed-in member of a new team (unlocked looks) with an empty team draft. */
async function memberDraft(teamFields: Record<string, unknown>) {
  const su = await operatorClient();
  const account = await newAccount();
  await pb.collection('users').authWithPassword(account.email, account.password);
  const team = await su.collection('teams').create({ name: 'Member team', owner: account.id, ...teamFields });
  await su.collection('team_members').create({ team: team.id, user: account.id, role: 'member' });
  const shoot = await pb.collection('photoshoots').create({ user: account.id, team: team.id, title: 'Mine' });
  return { team: team.id, shoot: shoot.id };
}
