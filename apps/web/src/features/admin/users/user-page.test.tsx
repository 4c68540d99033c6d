import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('a customer’s page in the back office', () => {
  let su: PocketBase;
  beforeAll(async () => {
    su = await operatorClient();
  });

  async function open(id: string) {
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    renderApp(`/admin/users/${id}`);
  }

  it('shows their teams with roles and payments, and warns before a deletion the server will refuse', async () => {
    const owner = await newAccount();
    const member = await newAccount();
    const team = await su
      .collection('teams')
      .create({ name: 'Shared Studio', owner: owner.id, seatsTotal: 2 });
    await su.collection('team_members').create({ team: team.id, user: owner.id, role: 'owner' });
    await su.collection('team_members').create({ team: team.id, user: member.id, role: 'member' });
    await su.collection('payments').create({
      user: owner.id,
      provider: 'sandbox',
      providerRef: `sbx-${owner.id}`,
      amountCents: 4900,
      currency: 'usd',
      status: 'paid',
    });

    await open(owner.id);
    expect(await screen.findByText('Shared Studio')).toBeTruthy();
    expect(screen.getByText('Owner')).toBeTruthy();
    expect(await screen.findByText('$49.00')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await waitFor(() => expect(dialog.textContent).toContain('The server will refuse this for now.'));
    expect(dialog.textContent).toContain('They own Shared Studio, which has other members.');
    expect(dialog.textContent).toContain('Payments stay for the accounts');

    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    // The server's refusal is shown in the dialog, which stays open; nothing was deleted.
    await waitFor(() => expect(dialog.textContent).toContain('Hand the team over to another member'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((await su.collection('users').getOne(owner.id)).id).toBe(owner.id);
  });

  it('says that a team owned alone goes with the account', async () => {
    const solo = await newAccount();
    const team = await su.collection('teams').create({ name: 'Just Me', owner: solo.id, seatsTotal: 1 });
    await su.collection('team_members').create({ team: team.id, user: solo.id, role: 'owner' });
    await open(solo.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await waitFor(() =>
      expect(dialog.textContent).toContain(
        'They own Just Me alone: that team goes too, with its custom styles.',
      ),
    );
    expect(dialog.textContent).not.toContain('refuse');
  });
});
