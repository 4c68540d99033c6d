import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientResponseError } from 'pocketbase';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A deletion whose outcome the test decides, by resolving or rejecting the pending call. */
function Harness({ action }: { action: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Delete team</button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete the team?"
        description="Its 4 members lose access and its photoshoots are deleted. This cannot be undone."
        confirmLabel="Delete team"
        destructive
        onConfirm={action}
      />
    </>
  );
}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('says what will happen, shows the action pending, and closes when it succeeds', async () => {
    const call = deferred();
    render(<Harness action={() => call.promise} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the team?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /cannot be undone/,
    );
    const confirm = within(dialog).getByRole('button', { name: 'Delete team' });
    expect(confirm.className).toContain('bg-red-600');

    await user.click(confirm);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    // While the call runs, Escape must not hide it from the person who started it.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();

    call.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open with the server’s reason when the action fails, and can be retried', async () => {
    let attempts = 0;
    const action = async () => {
      attempts += 1;
      if (attempts === 1)
        throw new ClientResponseError({
          status: 400,
          response: { status: 400, message: 'The team still has a photoshoot in processing.', data: {} },
        });
    };
    render(<Harness action={action} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The team still has a photoshoot in processing.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete team' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);

    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(attempts).toBe(2);
  });

  it('forgets an old error when cancelled and opened again', async () => {
    render(<Harness action={() => Promise.reject(new Error('boom'))} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong while processing your request.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Delete team' }));
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).toBeNull();
  });
});
