import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PocketBase, { BaseAuthStore } from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { resetAdminAuthForTests } from './data/admin-auth-store';
import { adminPb } from './data/admin-client';

// The second test server (global setup), where MFA and OTP are on for superusers.
describe('operator sign-in with a second factor', () => {
  const OPERATOR = inject('mfaOperator');
  const originalUrl = adminPb.baseURL;
  let su: PocketBase;

  beforeAll(() => {
    adminPb.baseURL = inject('mfaApiUrl');
    // note: the outbox is read by a superuser of its own: the page's client is the one under test.
    su = new PocketBase(inject('mfaApiUrl'), new BaseAuthStore());
    su.authStore.save(inject('mfaSuperuserToken'));
  });
  afterAll(() => {
    adminPb.baseURL = originalUrl;
  });
  beforeEach(() => {
    adminPb.authStore.clear();
    resetAdminAuthForTests();
  });

  /** The newest code mailed to the operator (the dev outbox, read as the harness's superuser). */
  async function mailedCode(after: number): Promise<string> {
    let code = '';
    await waitFor(
      async () => {
        const outbox = await su.send('/api/mail/outbox', { query: { perPage: 50 } });
        const mails = (outbox.items as { to: string; text: string }[]).filter((m) => m.to === OPERATOR.email);
        expect(mails.length).toBeGreaterThan(after);
        code = /\b(\d{6,})\b/.exec(mails[0]!.text)?.[1] ?? '';
        expect(code).not.toBe('');
      },
      { timeout: 10_000 },
    );
    return code;
  }

  async function mailCount(): Promise<number> {
    const outbox = await su.send('/api/mail/outbox', { query: { perPage: 50 } });
    return (outbox.items as { to: string }[]).filter((m) => m.to === OPERATOR.email).length;
  }

  it('asks for the mailed code after the password, and a wrong code keeps the operator out', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin/login?redirect=%2Fadmin%2Fphotoshoots');
    await user.type(await screen.findByLabelText('Email'), OPERATOR.email);
    await user.type(screen.getByLabelText('Password'), OPERATOR.password);
    const before = await mailCount();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const codeField = await screen.findByLabelText('One-time code');
    expect(screen.getByRole('status').textContent).toContain(`sent a one-time code to ${OPERATOR.email}`);
    // The password alone signed nobody in.
    expect(adminPb.authStore.isValid).toBe(false);
    const code = await mailedCode(before);

    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(adminPb.authStore.isValid).toBe(false);

    await user.clear(codeField);
    await user.type(codeField, code);
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/photoshoots'));
    expect(adminPb.authStore.record?.email).toBe(OPERATOR.email);
  });

  it('signs in code first, then the password, when OTP is offered', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Email me a one-time code instead' }));
    await user.type(screen.getByLabelText('Email'), OPERATOR.email);
    const before = await mailCount();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText('One-time code'), await mailedCode(before));
    await user.click(screen.getByRole('button', { name: 'Verify code' }));

    // MFA: the code was one factor; the password finishes.
    expect(await screen.findByText('Code accepted. Enter your password to finish signing in.')).toBeTruthy();
    expect(adminPb.authStore.isValid).toBe(false);
    await user.type(screen.getByLabelText('Password'), OPERATOR.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(adminPb.authStore.record?.email).toBe(OPERATOR.email);
  });
});
