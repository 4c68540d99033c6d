import { expect, test, type Page } from '@playwright/test';
import { disableRateLimits, newUser, OPERATOR, superuser } from './support/api';
import { signInWithPassword } from './support/ui';

/** The admin and team guards end to end, in a real browser against the real server. */

test.beforeAll(disableRateLimits);

async function signInCustomer(page: Page, name: string) {
  const user = await newUser(name);
  await page.goto('/login?redirect=%2Fdashboard');
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/dashboard');
  return user;
}

test('a customer opening the back office is sent to its sign-in; an operator signing in there gets in, and the customer stays signed in', async ({
  page,
}) => {
  await superuser(); // makes sure the operator account exists
  await signInCustomer(page, 'Cora Customer');

  await page.goto('/admin/payments');
  await expect(page).toHaveURL('/admin/login?redirect=%2Fadmin%2Fpayments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operator sign-in');
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);

  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL('/admin/payments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
  await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();

  // Both sessions live side by side, each under its own key, and survive a reload.
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys).toEqual(expect.arrayContaining(['photoshoot_admin_auth', 'pocketbase_auth']));
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Cora');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Overview');

  // Signing out of the back office leaves the customer signed in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/admin/login');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
});

test('an anonymous visitor never sees the back office frame', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL('/admin/login?redirect=%2Fadmin%2Fusers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Operator sign-in');
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
});

test('a signed-in user who is not a member of a team is refused its pages; a member gets in', async ({
  page,
}) => {
  const su = await superuser();
  const owner = await newUser('Olive Owner');
  const team = await su.collection('teams').create({ name: 'Acme', owner: owner.id });
  await su.collection('team_members').create({ team: team.id, user: owner.id, role: 'owner' });

  await signInCustomer(page, 'Nina Nonmember');
  for (const path of [`/teams/${team.id}`, `/teams/${team.id}/photoshoots/dashboard`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not a member of this team');
  }

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/login?redirect=${encodeURIComponent(`/teams/${team.id}`)}`);
  await signInWithPassword(page, owner.email, owner.password);
  await expect(page).toHaveURL(`/teams/${team.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme');
});
