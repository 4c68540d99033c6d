import { screen } from '@testing-library/react';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../admin-auth-store';
import { adminPb } from '../admin-client';
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
      return { ...answer, providerAlerts: [alert] };
    });
    renderApp('/admin');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Replicate is out of credit');
    expect(banner.textContent).toContain('none fails for this');
    const link = screen.getByRole('link', { name: 'processing settings' });
    expect(link.getAttribute('href')).toBe('/admin/settings');
  });
});
