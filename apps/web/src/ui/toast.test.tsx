import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '../testing/radix-jsdom';
import { ToastProvider } from './toast';
import { useToast } from './use-toast';

function SaveButtons() {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.success('Member invited', 'ada@example.com will get an email.')}>
        Invite
      </button>
      <button onClick={() => toast.error('Could not remove member', 'The owner cannot be removed.')}>
        Remove
      </button>
    </>
  );
}

describe('Toast', () => {
  it('shows a success notice and announces it politely', async () => {
    render(
      <ToastProvider>
        <SaveButtons />
      </ToastProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Member invited')).toBeTruthy();
    const announcement = await waitFor(() => {
      const status = screen
        .getAllByRole('status')
        .find((el) => el.textContent?.includes('Member invited ada@example.com will get an email.'));
      expect(status).toBeTruthy();
      return status!;
    });
    expect(announcement.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('region', { name: /Notification/ })).toBeTruthy();
  });

  it('announces an error assertively', async () => {
    render(
      <ToastProvider>
        <SaveButtons />
      </ToastProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove' }));
    const announcement = await waitFor(() => {
      const status = screen
        .getAllByRole('status')
        .find((el) => el.textContent?.includes('Could not remove member'));
      expect(status).toBeTruthy();
      return status!;
    });
    expect(announcement.getAttribute('aria-live')).toBe('assertive');
  });

  it('goes away by itself after its time, and at once when dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(
        <ToastProvider>
          <SaveButtons />
        </ToastProvider>,
      );
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Invite' }));
      expect(await screen.findByText('Member invited')).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(5_100));
      await waitFor(() => expect(screen.queryByText('Member invited')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Could not remove member')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Dismiss' }));
      await waitFor(() => expect(screen.queryByText('Could not remove member')).toBeNull());
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to work without a provider, saying why', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<SaveButtons />)).toThrow(/ToastProvider/);
  });
});
