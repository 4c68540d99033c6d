import { expect, test } from '@playwright/test';
import { baseUrl, client, disableRateLimits, newUser, superuser } from './support/api';
import { startOidcServer, type OidcServer } from '../../server/test/oauth2/oidc-server';
import { mailText, startSmtp } from './support/smtp';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInWithPassword } from './support/ui';

/**
 * Accounts end to end, in the built app served by the real server: registration, sign-in and
 * sign-out, a session that dies on the server (401 on refresh), password reset through a mail
 * caught by a real SMTP server, and sign-in with a real OpenID provider on loopback.
 */

test.beforeAll(disableRateLimits);

const signIn = signInWithPassword;

test('a visitor registers, lands on the dashboard, signs out and back in', async ({ page }) => {
  const email = `e2e-register-${Date.now()}@example.com`;
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await page.getByLabel('Name').fill('Riley Register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password-1');
  await page.getByLabel('Confirm password').fill('a-good-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/dashboard');
  // Just registered: welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Riley');
  await expect(page.getByText('No photoshoots yet')).toBeVisible();
  await expect(page.getByText('Please confirm your email address')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);

  await signIn(page, email, 'a-good-password-1');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Riley');
});

test('a wrong password shows the error and keeps the visitor signed out', async ({ page }) => {
  const user = await newUser();
  await page.goto('/login');
  await signIn(page, user.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Failed to authenticate.');
  await expect(page).toHaveURL('/login');
});

test('a session the server no longer accepts is cleared on refresh (401)', async ({ page }) => {
  const user = await newUser('Sam Session');
  await page.goto('/login');
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL('/dashboard');

  // Another device changes the password: every older token stops working.
  const elsewhere = client();
  await elsewhere.collection('users').authWithPassword(user.email, user.password);
  await elsewhere.collection('users').update(user.id, {
    oldPassword: user.password,
    password: 'changed-password-2',
    passwordConfirm: 'changed-password-2',
  });

  const refresh = page.waitForResponse((r) => r.url().endsWith('/api/collections/users/auth-refresh'));
  await page.reload();
  expect((await refresh).status()).toBe(401);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
});

test.describe('with mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  test.beforeAll(async () => {
    smtp = await startSmtp();
    const su = await superuser();
    await su.settings.update({
      meta: { appURL: baseUrl() },
      smtp: {
        enabled: true,
        host: '127.0.0.1',
        port: smtp.port,
        username: '',
        password: '',
        tls: false,
        authMethod: 'PLAIN',
      },
    });
  });
  test.afterAll(async () => {
    const su = await superuser();
    await su.settings.update({ smtp: { enabled: false } });
    await smtp.close();
  });

  test('password reset: request, follow the mailed link, choose a new password, sign in with it', async ({
    page,
  }) => {
    const user = await newUser('Pat Reset');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    // The URL changes before the page's chunk arrives, and until then the sign-in form (with its
    // own Email field) is still shown: wait for the reset form before filling it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();

    const mail = await smtp.waitFor(user.email);
    const token = /\/reset-password\?token=([A-Za-z0-9._-]+)/.exec(mailText(mail.raw))?.[1];
    expect(token).toBeTruthy();

    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-password-3');
    await page.getByLabel('Confirm new password').fill('brand-new-password-3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    // The link works once.
    await page.goto(`/reset-password?token=${token}`);
    await page.getByLabel('New password', { exact: true }).fill('another-password-4');
    await page.getByLabel('Confirm new password').fill('another-password-4');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('ask for a new one');

    await page.goto('/login');
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await signIn(page, user.email, 'brand-new-password-3');
    await expect(page).toHaveURL('/dashboard');
  });
  test('email verification: the mailed link confirms the address and the dashboard stops asking', async ({
    page,
  }) => {
    const email = `e2e-verify-${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Name').fill('Vera Verify');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-good-password-1');
    await page.getByLabel('Confirm password').fill('a-good-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please confirm your email address')).toBeVisible();

    const mail = await smtp.waitFor(email);
    const token = /\/confirm-verification\?token=([A-Za-z0-9._-]+)/.exec(mailText(mail.raw))?.[1];
    expect(token).toBeTruthy();
    await page.goto(`/confirm-verification?token=${token}`);
    await expect(page.getByText('Thank you — your email address is confirmed.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    // Still the session that registered: a welcome, not a welcome back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Vera');
    await expect(page.getByText('Please confirm your email address')).toBeHidden();
  });

  test('email code sign-in: the code from the mail signs the visitor in', async ({ page }) => {
    const su = await superuser();
    await su.settings.update({ otp: { enabled: true, collections: ['users'] } });
    try {
      const user = await newUser('Otto Code');
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in with an email code instead' }).click();
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await expect(page.getByText('a code is on its way')).toBeVisible();

      const mail = await smtp.waitFor(user.email);
      const text = mailText(mail.raw);
      expect(text).toContain('sign-in code');
      const code = />\s*(\d{6,8})\s*</.exec(text)?.[1] ?? /\b(\d{6,8})\b/.exec(text)?.[1];
      expect(code).toBeTruthy();

      await page.getByLabel('Code from the email').fill('000000');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByLabel('Code from the email').fill(code!);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Otto');
    } finally {
      await su.settings.update({ otp: { enabled: false } });
    }
  });
});

test('email code sign-in says so when the server reports mail delivery delayed', async ({ page }) => {
  const su = await superuser();
  await su.settings.update({ otp: { enabled: true, collections: ['users'] } });
  try {
    const user = await newUser('Della Late');
    // note: the server says `mailDelayed` once a mail has waited over a minute for SMTP (tested
    // with the server's mail queue); here its real answer is passed on with that field set.
    await page.route('**/api/collections/users/request-otp', async (route) => {
      const real = await route.fetch();
      await route.fulfill({ response: real, json: { ...(await real.json()), mailDelayed: true } });
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with an email code instead' }).click();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect(page.getByText('Email delivery is delayed right now')).toBeVisible();
    await screenshots(page, 'login-mail-delayed');
    await expectAccessible(page, 'email code sign-in with delayed mail');
  } finally {
    await su.settings.update({ otp: { enabled: false } });
  }
});

test.describe('with a real OpenID provider', () => {
  let oidc: OidcServer;
  test.beforeAll(async () => {
    oidc = await startOidcServer({ redirectURIs: [`${baseUrl()}/oauth-callback`] });
    oidc.accounts.set('olivia', {
      email: `olivia-${Date.now()}@example.com`,
      email_verified: true,
      name: 'Olivia OpenID',
    });
    const su = await superuser();
    await su.settings.update({
      oauth2: {
        providers: [
          {
            name: 'oidc',
            displayName: 'Test OpenID',
            clientId: oidc.clientId,
            clientSecret: oidc.clientSecret,
            enabled: true,
            issuer: oidc.issuer,
          },
        ],
      },
    });
  });
  test.afterAll(async () => {
    const su = await superuser();
    await su.settings.update({ oauth2: { providers: [] } });
    await oidc.close();
  });

  test('signs in through the provider and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Test OpenID' }).click();
    await expect(page.getByRole('heading', { name: 'Test OpenID sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in as Olivia OpenID' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Olivia');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}'));
    expect(stored.record.email).toBe(oidc.accounts.get('olivia')!.email);
  });

  test('a callback whose state does not match is refused', async ({ page }) => {
    await page.goto('/login');
    // The app stored a flow before leaving; a forged callback carries another state.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'photoshoot:oauth2',
        JSON.stringify({
          provider: 'oidc',
          displayName: 'Test OpenID',
          state: 'the-real-state',
          codeVerifier: 'v',
          redirect: '/dashboard',
        }),
      ),
    );
    await page.goto('/oauth-callback?code=forged&state=another-state');
    await expect(page.getByRole('alert')).toHaveText("State parameters don't match.");
    expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  });
});
