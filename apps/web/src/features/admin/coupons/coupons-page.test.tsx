import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../testing/radix-jsdom';
import { operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('the coupons page', () => {
  it("shows the server's field errors under their inputs, then creates the coupon", async () => {
    const su = await operatorClient();
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    const code = `WEB${Date.now().toString(36).toUpperCase()}`;

    renderApp(`/admin/coupons?q=${code}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New coupon' }));
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
    await user.type(within(dialog).getByLabelText('Code'), 'x!');
    await user.type(within(dialog).getByLabelText('Percent off'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    // The code breaks the collection's pattern: said under the code, which is marked invalid.
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'),
    );

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), code);
    await user.clear(within(dialog).getByLabelText('Percent off'));
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await within(dialog).findByText('Give a percentage or an amount off.');
    expect(within(dialog).getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();

    await user.type(within(dialog).getByLabelText('Percent off'), '15');
    await user.type(within(dialog).getByLabelText(/Uses allowed/), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New coupon' })).toBeNull());

    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = (await within(table).findByText(code)).closest('tr')!;
    expect(within(row).getByText('15% off')).toBeTruthy();
    expect(within(row).getByText('0 / 3')).toBeTruthy();
    expect(within(row).getAllByText('Active').length).toBeGreaterThan(0);

    // Deactivating asks first, then the state says so.
    await user.click(within(row).getByRole('button', { name: `Deactivate ${code}` }));
    const confirm = await screen.findByRole('dialog', { name: `Deactivate ${code}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(within(row).getAllByText('Inactive').length).toBeGreaterThan(0));
    const stored = await su.collection('coupons').getFirstListItem(su.filter('code = {:code}', { code }));
    expect(stored).toMatchObject({ active: false, percentOff: 15, maxRedemptions: 3 });
  });
});
