import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

describe('/admin/users', () => {
  it("updates a customer's photoshoot count live when they start or lose a photoshoot", async () => {
    const su = await operatorClient();
    const customer = await newAccount();
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    renderApp(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    expect(await screen.findByText('0 photoshoots')).toBeTruthy();

    const shoot = await su.collection('photoshoots').create({ user: customer.id, title: 'New one' });
    expect(await screen.findByText('1 photoshoot', {}, { timeout: 10_000 })).toBeTruthy();
    await su.collection('photoshoots').delete(shoot.id);
    expect(await screen.findByText('0 photoshoots', {}, { timeout: 10_000 })).toBeTruthy();
  });
});
