import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { queryClient } from '../../lib/query-client';
import { newAccount, operatorClient } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';
import { resetAuthForTests } from '../../lib/auth-store';
import { resetAdminAuthForTests } from './data/admin-auth-store';
import { adminPb } from './data/admin-client';
import { adminKeys } from './data/admin-keys';

describe('two sessions in one browser', () => {
  it('keeps the customer signed in when the operator’s session stops working', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    // An operator account of its own, removed while its session is in use.
    const su = await operatorClient();
    const email = `gone-operator-${Date.now()}@example.com`;
    const gone = await su
      .collection('_superusers')
      .create({ email, password: 'gone-operator-pass-1', passwordConfirm: 'gone-operator-pass-1' });
    await adminPb.collection('_superusers').authWithPassword(email, 'gone-operator-pass-1');
    resetAdminAuthForTests();

    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
    await su.collection('_superusers').delete(gone.id);
    await queryClient.refetchQueries({ queryKey: adminKeys.overview });
    // note: the overview's warnings (application URL, unencrypted secrets) are alerts too.
    expect(
      (await screen.findByText('The figures could not be loaded.')).closest('[role="alert"]'),
    ).toBeTruthy();
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.record?.id).toBe(account.id);
  });
});
