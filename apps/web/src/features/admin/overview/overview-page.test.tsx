import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';
import type { AdminOverview } from '../data/admin-types';

describe('overview banner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the operator a provider is out of credit and where to resume its jobs', async () => {
    const operator = inject('operator');
    await adminPb.collection('_superusers').authWithPassword(operator.email, operator.password);
    resetAdminAuthForTests();
    // note: the server's figures as they are, plus the alert only a provider's 402 can raise.
    const send = adminPb.send.bind(adminPb);
    vi.spyOn(adminPb, 'send').mockImplementation(async (path: string, options) => {
      const answer = (await send(path, options)) as AdminOverview;
      if (path !== '/api/admin/overview') return answer;
      const alert = {
        provider: 'Replicate',
        kind: 'out_of_credit' as const,
        since: '2026-11-26 12:00:00.000Z',
        message: 'Replicate answered 402: You have insufficient credit to run this model.',
      };
      return { ...answer, providerAlerts: [alert], secretsEncrypted: true };
    });
    renderApp('/admin');
    // note: other warnings (the application URL's, in this test set-up) may show beside it.
    const banner = (await screen.findByText('Replicate is out of credit')).closest('[role="alert"]')!;
    expect(banner.textContent).toContain('Replicate is out of credit');
    expect(banner.textContent).toContain('none fails for this');
    const link = screen.getByRole('link', { name: 'processing settings' });
    expect(link.getAttribute('href')).toBe('/admin/settings');
  });

  it.each(['/admin', '/admin/settings'])(
    'on %s, warns while saved secrets are not encrypted and says how to set the key',
    async (page) => {
      await signInOperator();
      stubOverview({ secretsEncrypted: false });
      renderApp(page);
      const warning = await screen.findByText('Saved keys and passwords are not encrypted');
      const box = warning.closest('[role="alert"]');
      expect(box?.textContent).toContain('every backup holds them');
      expect(box?.textContent).toContain('PHOTOSHOOT_ENCRYPTION_KEY');
      expect(box?.textContent).toContain('at least 32 characters, restart the server');
    },
  );

  it('says nothing of encryption once the key is set', async () => {
    await signInOperator();
    stubOverview({ secretsEncrypted: true });
    renderApp('/admin');
    expect(await screen.findByTestId('figure-review')).toBeTruthy();
    // note: the previous test's answer may show from the cache until the stubbed one arrives.
    await waitFor(() => expect(screen.queryByText('Saved keys and passwords are not encrypted')).toBeNull());
    expect(adminPb.send).toHaveBeenCalledWith('/api/admin/overview', expect.anything());
  });
});

describe('overview sales', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows each period’s net, gross and refunded amounts of the same orders, and says what each counts', async () => {
    await signInOperator();
    const days7 = {
      orders: 3,
      refundedOrders: 1,
      amounts: [
        { currency: 'eur', grossCents: 1500, refundedCents: 0, netCents: 1500 },
        { currency: 'usd', grossCents: 8800, refundedCents: 1000, netCents: 7800 },
      ],
    };
    const today = { orders: 1, refundedOrders: 0, amounts: [] };
    stubOverview({ sales: { today, days7, days30: days7 } });
    renderApp('/admin');
    const net = await screen.findByTestId('sales-7-net');
    await waitFor(() => expect(net.textContent).toBe('€15.00 + $78.00net'));
    expect(screen.getByTestId('sales-7-orders').textContent).toBe('3 (1 refunded)');
    expect(screen.getByTestId('sales-7-gross').textContent).toBe('€15.00 + $88.00');
    expect(screen.getByTestId('sales-7-refunded').textContent).toBe('€0.00 + $10.00');
    expect(screen.getByTestId('sales-today-orders').textContent).toBe('1');
    expect(screen.getByTestId('sales-today-net').textContent).toBe('$0.00net');
    expect(screen.getByText(/including those refunded since/).textContent).toContain('net is what was kept');
  });
});

async function signInOperator() {
  const operator = inject('operator');
  await adminPb.collection('_superusers').authWithPassword(operator.email, operator.password);
  resetAdminAuthForTests();
}

/** The server's overview as it is, with `change` laid over it. */
function stubOverview(change: Partial<AdminOverview>) {
  const send = adminPb.send.bind(adminPb);
  vi.spyOn(adminPb, 'send').mockImplementation(async (path: string, options) => {
    const answer = (await send(path, options)) as AdminOverview;
    return path === '/api/admin/overview' ? { ...answer, ...change } : answer;
  });
}
