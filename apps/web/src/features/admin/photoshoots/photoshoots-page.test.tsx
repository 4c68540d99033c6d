import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../testing/radix-jsdom';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('the photoshoots list', () => {
  it('reads its filters from the URL and writes new ones back', async () => {
    const su = await operatorClient();
    const owner = await newAccount();
    await su.collection('photoshoots').create({ user: owner.id, title: 'Still queued', status: 'queued' });
    const failed = await su
      .collection('photoshoots')
      .create({ user: owner.id, title: 'Gave up', status: 'processing' });
    await su.collection('photoshoots').update(failed.id, { status: 'failed' });
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();

    const q = encodeURIComponent(owner.email);
    const { router } = renderApp(`/admin/photoshoots?status=failed&q=${q}`);
    const table = await screen.findByRole('table', { name: 'Photoshoots' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Gave up')).toBeTruthy();
    expect(within(table).queryByText('Still queued')).toBeNull();

    // Back to every status: the URL drops the filter and the list grows.
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: owner.email }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('Still queued')).toBeTruthy();

    // A search nobody matches says so.
    await user.clear(screen.getByLabelText('Search customers'));
    await user.type(screen.getByLabelText('Search customers'), 'nobody-matches-this');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'nobody-matches-this' }));
    expect(await within(table).findByText('No photoshoot matches these filters.')).toBeTruthy();
  });
});
