import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { pb } from '../../lib/pb';
import { newAccount } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';
import { resetAuthForTests } from '../../lib/auth-store';
import { resetAdminAuthForTests } from './data/admin-auth-store';
import { ADMIN_AUTH_KEY, adminPb } from './data/admin-client';
import { adminRedirect } from './admin-guard';

// The real back-office routes in the real router, against the real server.
describe('admin guard', () => {
  beforeEach(() => {
    resetAuthForTests();
    resetAdminAuthForTests();
  });

  async function signInOperator(email: string, password: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('sends a guest to /admin/login with the page in ?redirect= and never draws the back office', async () => {
    const { router } = renderApp('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Operator sign-in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.search).toEqual({ redirect: '/admin/payments' });
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('sends a signed-in customer to /admin/login too: a customer session is not an operator’s', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    const { router } = renderApp('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
  });

  it('lets an operator in after signing in, back to the page asked for, leaving the customer signed in', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    resetAuthForTests();
    const { router } = renderApp('/admin/payments');
    const operator = inject('operator');
    await signInOperator(operator.email, operator.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/payments'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toBeTruthy();
    // Two sessions side by side, each in its own client and storage key.
    expect(adminPb.authStore.record?.collectionName).toBe('_superusers');
    expect(pb.authStore.record?.id).toBe(account.id);
    expect(pb.authStore.record?.collectionName).toBe('users');
    expect(JSON.parse(localStorage.getItem(ADMIN_AUTH_KEY) ?? '{}').record?.email).toBe(operator.email);
  });

  it('keeps a wrong password on the sign-in page, in the server’s words', async () => {
    const { router } = renderApp('/admin/login');
    await signInOperator(inject('operator').email, 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to authenticate.');
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(adminPb.authStore.isValid).toBe(false);
  });

  it('sends a signed-in operator from /admin/login to the back office', async () => {
    const operator = inject('operator');
    await adminPb.collection('_superusers').authWithPassword(operator.email, operator.password);
    resetAdminAuthForTests();
    const { router } = renderApp('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy();
  });
});

describe('adminRedirect', () => {
  it('follows back-office paths only', () => {
    expect(adminRedirect('/admin/users/abc?x=1')).toBe('/admin/users/abc?x=1');
    expect(adminRedirect('/admin')).toBe('/admin');
    expect(adminRedirect('/dashboard')).toBe('/admin');
    expect(adminRedirect('//evil.example.com/admin')).toBe('/admin');
    expect(adminRedirect('https://evil.example.com/admin')).toBe('/admin');
    expect(adminRedirect('/administrator')).toBe('/admin');
    expect(adminRedirect('/admin/login?redirect=/admin')).toBe('/admin');
    expect(adminRedirect(undefined)).toBe('/admin');
  });
});
