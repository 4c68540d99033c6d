import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../testing/radix-jsdom';
import { operatorClient, otherClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('the contact messages page', () => {
  it('opens a new message (marking it read) and marks it handled', async () => {
    const su = await operatorClient();
    const name = `Grace ${Date.now().toString(36)}`;
    const sent = await otherClient()
      .collection('contact_messages')
      .create({ name, email: 'grace@example.com', message: 'Where are my portraits, please?' });
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();

    renderApp(`/admin/contact-messages?q=${encodeURIComponent(name)}`);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Contact messages' });
    await user.click(await within(table).findByRole('button', { name: `Open the message from ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Message from ${name}` });
    expect(within(dialog).getByText('Where are my portraits, please?')).toBeTruthy();
    await waitFor(async () =>
      expect((await su.collection('contact_messages').getOne(sent.id)).status).toBe('read'),
    );

    // The server has the "read" before the page has its answer, and the buttons wait for that
    // answer: a click on a busy button does nothing.
    const handled = () => within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Mark handled' });
    await waitFor(() => expect(handled().disabled).toBe(false));
    await user.click(handled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await su.collection('contact_messages').getOne(sent.id)).status).toBe('answered');
    await waitFor(() => expect(within(table).getAllByText('Handled').length).toBeGreaterThan(0));
  });
});
