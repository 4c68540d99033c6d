import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../testing/radix-jsdom';
import { FormField } from './form-field';
import { Select } from './select';

const ROLES = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
  { value: 'owner', label: 'Owner', disabled: true },
];

function RolePicker({ serverError, hint }: { serverError?: unknown; hint?: string }) {
  const [role, setRole] = useState<string>();
  return (
    <>
      <FormField label="Role" name="role" hint={hint} serverError={serverError}>
        {(control) => <Select {...control} options={ROLES} value={role} onValueChange={setRole} />}
      </FormField>
      <output>{role ?? 'none'}</output>
    </>
  );
}

describe('Select', () => {
  it('is labelled by its FormField and shows the placeholder until a choice', () => {
    render(<RolePicker />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger.textContent).toContain('Choose…');
    expect(screen.getByRole('status').textContent).toBe('none');
  });

  it('opens from the keyboard, moves with the arrows, skips disabled options and picks with Enter', async () => {
    render(<RolePicker />);
    const user = userEvent.setup();
    screen.getByRole('combobox', { name: 'Role' }).focus();
    await user.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    expect(listbox).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Owner' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('admin');
    expect(screen.getByRole('combobox', { name: 'Role' }).textContent).toContain('Admin');
  });

  it('closes on Escape without changing the value', async () => {
    render(<RolePicker />);
    const user = userEvent.setup();
    screen.getByRole('combobox', { name: 'Role' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('none');
  });
});

describe('FormField', () => {
  it('shows the field’s message from a PocketBase error inline and ties it to the control', () => {
    const error = new ClientResponseError({
      status: 400,
      response: {
        status: 400,
        message: 'Failed to update record.',
        data: { role: { code: 'validation_invalid_value', message: 'Only an owner can make owners.' } },
      },
    });
    render(<RolePicker serverError={error} hint="What this person may do in the team." />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
    const described = (trigger.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['What this person may do in the team.', 'Only an owner can make owners.']);
  });

  it('shows nothing for an error about other fields', () => {
    const error = new ClientResponseError({
      status: 400,
      response: { status: 400, message: 'Bad.', data: { email: { code: 'x', message: 'Taken.' } } },
    });
    render(<RolePicker serverError={error} />);
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Taken.')).toBeNull();
  });

  it('labels a plain input the same way', () => {
    render(
      <FormField label="Team name" error="Use at least 3 characters.">
        {(control) => <input {...control} defaultValue="ab" />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Team name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Use at least 3 characters.',
    );
  });
});
