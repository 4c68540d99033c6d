import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('a photoshoot’s page in the back office', () => {
  let su: PocketBase;
  beforeAll(async () => {
    su = await operatorClient();
  });

  async function open(id: string) {
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    renderApp(`/admin/photoshoots/${id}`);
  }

  /** A queued photoshoot paid $29.00 through the sandbox. */
  async function paidShoot(title: string) {
    const owner = await newAccount();
    const shoot = await su.collection('photoshoots').create({
      user: owner.id,
      title,
      status: 'queued',
      currency: 'usd',
      amountDueCents: 2900,
    });
    const payment = await su.collection('payments').create({
      user: owner.id,
      photoshoot: shoot.id,
      provider: 'sandbox',
      providerRef: `sbx-${shoot.id}`,
      amountCents: 2900,
      currency: 'usd',
      status: 'paid',
      paidAt: new Date().toISOString().replace('T', ' '),
    });
    return { owner, shoot, payment };
  }

  it('refunds a paid order after saying what will happen', async () => {
    const { owner, shoot, payment } = await paidShoot('Refund me');
    await open(shoot.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog.textContent).toContain(`$29.00 goes back to ${owner.email} through sandbox`);
    expect(dialog.textContent).toContain('cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await su.collection('payments').getOne(payment.id)).status).toBe('refunded');
    // The page follows: the payment is refunded and offers no second refund.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull());
  });

  it('refunds a part of a paid order, with the amount said before confirming', async () => {
    const { owner, shoot, payment } = await paidShoot('Refund a part');
    await open(shoot.id);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    const amount = within(dialog).getByLabelText('Amount to refund (USD)');
    expect((amount as HTMLInputElement).value).toBe('29.00');

    await user.clear(amount);
    await user.type(amount, '30');
    expect(dialog.textContent).toContain('At most $29.00 is left to refund.');
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toHaveProperty('disabled', true);

    await user.clear(amount);
    await user.type(amount, '10.5');
    expect(dialog.textContent).toContain(
      `$10.50 goes back to ${owner.email} through sandbox. A part of the $29.00 paid: the photoshoot stays as it is.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund $10.50' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await su.collection('payments').getOne(payment.id)).toMatchObject({
      status: 'paid',
      refundedCents: 1050,
    });
    expect((await su.collection('photoshoots').getOne(shoot.id)).status).toBe('queued');
    expect(await screen.findByText('$10.50 refunded')).toBeTruthy();

    // The next refund starts at what is left.
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const again = await screen.findByRole('dialog', { name: 'Refund this payment?' });
    expect((within(again).getByLabelText('Amount to refund (USD)') as HTMLInputElement).value).toBe('18.50');
  });

  it('requeues a failed photoshoot and shows the failure until then', async () => {
    const owner = await newAccount();
    const shoot = await su
      .collection('photoshoots')
      .create({ user: owner.id, title: 'Broken', status: 'processing' });
    await su
      .collection('photoshoots')
      .update(shoot.id, { status: 'failed', error: 'provider timed out', attempts: 3 });
    await open(shoot.id);
    const user = userEvent.setup();
    expect((await screen.findByText('provider timed out')).closest('[role="alert"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Requeue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Requeue this photoshoot?' });
    await user.click(within(dialog).getByRole('button', { name: 'Requeue' }));
    await waitFor(async () =>
      expect((await su.collection('photoshoots').getOne(shoot.id)).status).toBe('queued'),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Requeue' })).toBeNull());
    expect(await screen.findByText(/failed → queued/)).toBeTruthy();
  });
});
