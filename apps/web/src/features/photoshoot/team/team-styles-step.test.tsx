import { fireEvent, screen, within } from '@testing-library/react';
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
      .create({ name: 'Locked look', owner: account.id, styles: locked, stylesLocked: true });
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
});
