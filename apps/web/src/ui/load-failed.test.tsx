import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { describe, expect, it, vi } from 'vitest';
import { LoadFailed } from './load-failed';

const notFound = new ClientResponseError({
  status: 404,
  response: { status: 404, message: "The requested resource wasn't found.", data: {} },
});

describe('LoadFailed', () => {
  it("says what failed and the server's reason at once, and asks again on request", async () => {
    const retry = vi.fn();
    render(<LoadFailed title="Could not load your photos" error={notFound} onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load your photos');
    expect(alert.textContent).toContain("The requested resource wasn't found.");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('offers no retry where asking again cannot help', () => {
    render(<LoadFailed title="The list could not be loaded." error={new Error('boom')} />);
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
