import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pb } from '../../lib/pb';
import { newAccount } from '../../testing/accounts';
import { renderApp } from '../../testing/render-app';
import { resetAuthForTests } from '../../lib/auth-store';

// The real login and registration pages in the real router, against the real server.
describe('login form', () => {
  beforeEach(() => resetAuthForTests());

  it('says the server’s words for a wrong password and keeps the user on the page', async () => {
    const account = await newAccount();
    const { router } = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    expect(alert.textContent).toBe('Failed to authenticate.');
    expect(router.state.location.pathname).toBe('/login');
    expect(pb.authStore.isValid).toBe(false);
  });

  it('signs in and goes back to the page in ?redirect=', async () => {
    const account = await newAccount();
    const { router } = renderApp('/login?redirect=%2Fsettings');
    expect(await screen.findByText('Please sign in to continue.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(pb.authStore.record?.id).toBe(account.id);
  });

  it('never follows a redirect to another site', async () => {
    const account = await newAccount();
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example.com%2Fx');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), account.email);
    await user.type(screen.getByLabelText('Password'), account.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('sign-in with an email code', () => {
  beforeEach(() => resetAuthForTests());
  afterEach(() => vi.restoreAllMocks());

  // note: the server's answers are stubbed: making its mail queue late takes a failing SMTP server
  // and a minute of waiting; the server side of `mailDelayed` is tested with the mail queue.
  async function requestCode(mailDelayed: boolean) {
    const users = pb.collection('users');
    const methods = await users.listAuthMethods();
    vi.spyOn(users, 'listAuthMethods').mockResolvedValue({
      ...methods,
      otp: { enabled: true, duration: 180 },
    });
    vi.spyOn(users, 'requestOTP').mockResolvedValue({ otpId: 'otp-id', mailDelayed } as { otpId: string });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in with an email code instead' }));
    await user.type(screen.getByLabelText('Email'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByLabelText('Code from the email');
  }

  it('says email delivery is delayed when the server says so', async () => {
    await requestCode(true);
    expect(screen.getByText(/Email delivery is delayed right now/)).toBeTruthy();
  });

  it('says nothing of delays when mail goes out normally', async () => {
    await requestCode(false);
    expect(screen.queryByText(/Email delivery is delayed/)).toBeNull();
  });
});

describe('register form', () => {
  beforeEach(() => resetAuthForTests());

  async function fill(values: Partial<Record<'Name' | 'Email' | 'Password' | 'Confirm password', string>>) {
    const user = userEvent.setup();
    for (const [label, value] of Object.entries(values)) {
      // note: "Password" alone would also match "Confirm password"; exact label text.
      await user.type(await screen.findByLabelText(new RegExp(`^${label}`)), value);
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
  }

  it('checks the fields before sending and says what is wrong under each', async () => {
    renderApp('/register');
    await fill({ Name: 'Ada', Email: 'not-an-email', Password: 'short', 'Confirm password': 'different' });
    expect((await screen.findByRole('alert')).textContent).toBe('Please correct the highlighted fields.');
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    // The hint gives way to the error rather than repeating the rule beside it.
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
    expect(screen.getByText('The passwords don’t match.')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server’s field error for an email already in use', async () => {
    const existing = await newAccount();
    const { router } = renderApp('/register');
    await fill({
      Name: 'Ada',
      Email: existing.email,
      Password: 'a-good-password-1',
      'Confirm password': 'a-good-password-1',
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/\S/);
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const errorId = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toMatch(/\S/);
    expect(router.state.location.pathname).toBe('/register');
  });

  it('creates the account with an empty company, signs in and opens the dashboard', async () => {
    const email = `new${Date.now()}@example.com`;
    const { router } = renderApp('/register');
    await fill({
      Name: 'Ada Lovelace',
      Email: email,
      Password: 'a-good-password-1',
      'Confirm password': 'a-good-password-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(pb.authStore.record?.email).toBe(email);
    expect(pb.authStore.record?.companyName).toBe('');
    expect(pb.authStore.record?.name).toBe('Ada Lovelace');
  });
});
