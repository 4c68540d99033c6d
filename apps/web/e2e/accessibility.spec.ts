import { expect, test, type Page } from '@playwright/test';
import { client, disableRateLimits, newUser, OPERATOR, superuser } from './support/api';
import { axeFindings, describeFindings, type AxeFinding } from './support/axe';
import { signInWithPassword } from './support/ui';

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) over the pages of each kind of user, against the real
 * built server: a visitor's public pages, a customer's account and flow pages, a team owner's
 * pages and every back-office page. Each page is checked once its heading is shown and nothing is
 * loading (under the app's real CSP); every violation is listed by page, rule and element, and
 * any one fails the test.
 */

async function audit(page: Page, path: string, findings: AxeFinding[]): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  // Lists and details fill in after the heading; audit what the person will actually see.
  await expect(page.locator('[aria-busy="true"], [data-loading="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  findings.push(...(await axeFindings(page, path)));
}

test('every kind of user gets pages without WCAG A/AA violations', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await disableRateLimits();
  const su = await superuser();
  const findings: AxeFinding[] = [];

  // Data for the pages that show one thing: a customer with a draft photoshoot, and a team.
  const customer = await newUser('Ally Access');
  const pb = client();
  await pb.collection('users').authWithPassword(customer.email, customer.password);
  const team = await pb.send<{ id: string }>('/api/teams', {
    method: 'POST',
    body: { name: 'Access Co', company: 'Access Company' },
  });

  await test.step('a visitor', async () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/contact',
      '/privacy',
      '/terms-of-service',
      '/teams-info',
    ]) {
      await audit(page, path, findings);
    }
  });

  await test.step('a customer and team owner', async () => {
    await page.goto('/login');
    await signInWithPassword(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'New photoshoot' }).first().click();
    await expect(page).toHaveURL(/\/photoshoot\/[a-z0-9]+\/upload$/);
    const shoot = page.url().split('/').at(-2)!;
    for (const path of [
      '/dashboard',
      '/settings',
      '/profiles/new',
      `/photoshoot/${shoot}/upload`,
      '/teams',
      '/teams/new',
      `/teams/${team.id}`,
      `/teams/${team.id}/team-packages`,
      `/teams/${team.id}/team-styles`,
      `/teams/${team.id}/photoshoots`,
      `/teams/${team.id}/photoshoots/dashboard`,
    ]) {
      await audit(page, path, findings);
    }
  });

  await test.step('an operator', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await admin.goto('/admin/login');
    await audit(admin, '/admin/login', findings);
    await signInWithPassword(admin, OPERATOR.email, OPERATOR.password);
    await expect(admin).toHaveURL(/\/admin$/);
    const anyShoot = await su.collection('photoshoots').getFirstListItem('', { sort: '-created' });
    for (const path of [
      '/admin',
      '/admin/photoshoots',
      `/admin/photoshoots/${anyShoot.id}`,
      '/admin/results',
      '/admin/payments',
      '/admin/coupons',
      '/admin/contact-messages',
      '/admin/styles',
      '/admin/original-photos',
      '/admin/users',
      `/admin/users/${customer.id}`,
      '/admin/settings',
    ]) {
      await audit(admin, path, findings);
    }
    await context.close();
  });

  expect(findings, describeFindings(findings)).toEqual([]);
});
