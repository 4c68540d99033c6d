import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from '../ui';
import { useFormFields } from './use-form-fields';

describe('useFormFields', () => {
  it('binds a control to its value, its name and its own message', async () => {
    function Form() {
      const { values, setError, field } = useFormFields({ email: '', topic: 'general', agreed: false });
      return (
        <form aria-label="Form">
          <TextField label="Email" {...field('email')} />
          <output>{`${values.email}|${values.topic}|${String(values.agreed)}`}</output>
          <button
            type="button"
            onClick={() => setError({ message: 'Check it.', fields: { email: 'Not an address.' } })}
          >
            Refuse
          </button>
        </form>
      );
    }
    render(<Form />);
    const email = screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
    expect(email.name).toBe('email');
    await userEvent.type(email, 'a@b');
    // Typing changes that value alone.
    expect(email.value).toBe('a@b');
    expect(screen.getByRole('status').textContent).toBe('a@b|general|false');
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Email', description: 'Not an address.' })).toBe(email);
  });

  it('starts with nothing to say and keeps values that are not text', () => {
    const { result } = renderHook(() => useFormFields({ name: 'Ann', glasses: false }));
    expect(result.current.error).toEqual({ message: '', fields: {} });
    act(() => result.current.setValues((v) => ({ ...v, glasses: true })));
    expect(result.current.values).toEqual({ name: 'Ann', glasses: true });
    expect(result.current.field('name')).toMatchObject({ name: 'name', value: 'Ann', error: undefined });
  });
});
