import { expect, test } from '@playwright/test';
import { initialScripts } from './support/initial-scripts';
import { disableRateLimits, newUser } from './support/api';
import { signInWithPassword } from './support/ui';

/**
 * The landing page renders from its initial JavaScript alone (its budget:
 * scripts/check-bundle.mjs): no SDK chunk for a guest, and a signed-in visitor's header comes from
 * the stored session before the SDK loads.
 */

test.beforeAll(disableRateLimits);

/**
 * The scripts the landing page loads up front: those its HTML names, and the app's modules that
 * home.html's first script imports once the page is painted (listed on that script's tag).
 */
test('a guest sees the whole landing page without loading any other chunk', async ({ page }) => {
  const initial = await initialScripts(page.request);
  const loaded: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) loaded.push(pathname);
  });
  await page.goto('/');
  await expect(page.locator('#styles').getByRole('img').first()).toBeVisible();
  await expect(page.locator('#pricing').getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((p) => !initial.has(p))).toEqual([]);
  // The SDK is not among them (its deprecation notices are strings the minifier keeps).
  for (const path of initial) {
    const code = await (await page.request.get(path)).text();
    expect(code.includes('Please replace pb.'), path).toBe(false);
  }
});

test('a signed-in visitor gets their header on the landing page and can sign out there', async ({ page }) => {
  const user = await newUser('Lena Landing');
  await page.goto('/login');
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/dashboard');

  // Every chunk beyond the initial ones (the SDK, for the session refresh) is held back: the
  // header must come from the stored session alone.
  const initial = await initialScripts(page.request);
  let held = 0;
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) =>
      url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !initial.has(url.pathname),
    async (route) => {
      held++;
      await released;
      await route.continue();
    },
  );
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect.poll(() => held).toBeGreaterThan(0);
  release();

  await expect(
    page
      .locator('#pricing')
      .getByRole('link', { name: /Start with/ })
      .first(),
  ).toHaveAttribute('href', '/dashboard');

  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});
