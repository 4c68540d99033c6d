import { expect, test, type Page } from '@playwright/test';
import { baseUrl, client, disableRateLimits, newUser, OPERATOR, superuser } from './support/api';
import { mailText, startSmtp } from './support/smtp';
import { signInWithPassword } from './support/ui';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * The operator's users pages against the real server: find a customer by email, open their page
 * and see their photoshoot, open the product as them in a new tab (their dashboard there, the back
 * office and another customer's session untouched here), send them a password reset that a real
 * SMTP server receives, and delete a throwaway account after reading what that does.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;

test.beforeAll(async () => {
  await disableRateLimits();
  smtp = await startSmtp();
  const su = await superuser();
  await su.settings.update({
    meta: { appURL: baseUrl() },
    smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, username: '', password: '', tls: false },
  });
});

test.afterAll(async () => {
  const su = await superuser();
  await su.settings.update({ smtp: { enabled: false } });
  await smtp.close();
});

test('an operator finds a customer, views the product as them, sends a reset and deletes an account', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const su = await superuser();
  const casey = await newUser('Casey Customer');
  const shoot = await su.collection('photoshoots').create({ user: casey.id, title: 'Casey at the studio' });
  const throwaway = await newUser('Tom Throwaway');
  const bystander = await newUser('Bea Bystander');

  // Another customer is signed in in this browser: the customer view must leave that session alone.
  await page.goto('/login');
  await signInWithPassword(page, bystander.email, bystander.password);
  await expect(page).toHaveURL('/dashboard');
  // note: each full page load refreshes that session's token, so who it is is what must hold.
  const sharedSessionUser = (p: Page) =>
    p.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { record?: { id?: string } }).record
          ?.id,
    );
  expect(await sharedSessionUser(page)).toBe(bystander.id);

  await test.step('sign in to the back office and find the customer by email', async () => {
    await page.goto('/admin/login');
    await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByLabel('Search users').fill(casey.email);
    await expect(page).toHaveURL(/\/admin\/users\?q=/);
    const row = page.getByRole('link', { name: /Casey Customer/ });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2); // the header and Casey
    await screenshots(page, 'users');
    await row.click();
  });

  await test.step("the user's page shows the photoshoot, linking to it", async () => {
    await expect(page).toHaveURL(`/admin/users/${casey.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Casey Customer' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Casey at the studio' });
    await expect(link).toHaveAttribute('href', `/admin/photoshoots/${shoot.id}`);
    await expect(page.getByText('Password', { exact: true })).toBeVisible();
    await screenshots(page, 'user');
    await expectAccessible(page, 'user');
  });

  await test.step('open as customer: their dashboard in a new tab, the back office stays', async () => {
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open as customer' }).click();
    const tab = await opened;
    await expect(tab).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Casey');
    await expect(tab.getByText('Casey at the studio')).toBeVisible();
    await expect(tab.getByRole('note')).toContainText(`signed in as ${casey.email} in this tab only`);
    await screenshots(tab, 'customer-view');
    // The token went through the fragment and is gone from the address and its history entry.
    expect(tab.url()).not.toContain('token');
    expect(await tab.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
    expect(await sharedSessionUser(tab)).toBe(bystander.id);
    expect(await tab.evaluate(() => sessionStorage.getItem('photoshoot_tab_auth'))).toContain(casey.id);

    await expect(page).toHaveURL(`/admin/users/${casey.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Casey Customer' })).toBeVisible();
    expect(await sharedSessionUser(page)).toBe(bystander.id);
    await tab.close();
  });

  await test.step('send a password reset: the mail arrives', async () => {
    await page.getByRole('button', { name: 'Send password reset' }).click();
    await expect(page.getByText('Password reset sent.').first()).toBeVisible();
    const mail = await smtp.waitFor(casey.email);
    expect(mailText(mail.raw)).toMatch(/\/reset-password\?token=[A-Za-z0-9._-]+/);
  });

  await test.step('delete a throwaway account after reading what it does', async () => {
    await page.goto(`/admin/users/${throwaway.id}`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Payments stay for the accounts');
    await expect(dialog).toContainText('This cannot be undone.');
    await screenshots(page, 'user-delete');
    await expectAccessible(page, 'user-delete');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByText('Account deleted.').first()).toBeVisible();
    await expect
      .poll(() =>
        su
          .collection('users')
          .getOne(throwaway.id)
          .then(
            () => 200,
            (e: { status: number }) => e.status,
          ),
      )
      .toBe(404);
    // Casey is still there.
    expect((await client().collection('users').authWithPassword(casey.email, casey.password)).record.id).toBe(
      casey.id,
    );
  });
});
