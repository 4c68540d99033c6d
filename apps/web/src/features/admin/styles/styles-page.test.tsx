import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../../testing/radix-jsdom';
import { operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('the styles page', () => {
  it('shows the browser’s and the server’s field errors inline, then creates the style', async () => {
    const su = await operatorClient();
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    const taken = (await su.collection('styles').getList(1, 1, { sort: 'sortOrder' })).items[0]!;
    const name = `Night Studio ${Math.random().toString(36).slice(2, 7)}`;

    const { router } = renderApp('/admin/styles?edit=new');
    const dialog = await screen.findByRole('dialog', { name: 'New style' });
    const user = userEvent.setup();

    // The browser's check: a name is needed.
    await user.click(within(dialog).getByRole('button', { name: 'Create style' }));
    const nameInput = within(dialog).getByLabelText('Name');
    expect(await within(dialog).findByText('Give the style a name.')).toBeTruthy();
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');

    // The server's: the slug is taken (a unique index), said beside the slug field.
    await user.type(nameInput, name);
    const slugInput = within(dialog).getByLabelText('Slug');
    expect((slugInput as HTMLInputElement).value).toBe(name.toLowerCase().replace(/ /g, '-'));
    await user.clear(slugInput);
    await user.type(slugInput, taken.slug);
    await user.click(within(dialog).getByRole('button', { name: 'Create style' }));
    await waitFor(() => expect(slugInput.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = slugInput.getAttribute('aria-describedby') ?? '';
    expect(
      document.getElementById(describedBy.split(' ').find((id) => id.endsWith('-error'))!)?.textContent,
    ).toBeTruthy();

    await user.clear(slugInput);
    await user.type(slugInput, `night-${Date.now()}`);
    await user.click(within(dialog).getByRole('button', { name: 'Create style' }));
    // Created: the editor stays open on the new style (to render its preview) and the list has it.
    expect(await screen.findByRole('dialog', { name: `Edit “${name}”` })).toBeTruthy();
    const created = await su.collection('styles').getFirstListItem(su.filter('name = {:name}', { name }));
    expect(router.state.location.search).toEqual({ edit: created.id });
    expect(created).toMatchObject({ active: true, framing: 'headshot', aspect: '4:5', team: '' });
    await su.collection('styles').delete(created.id);
  });
});
