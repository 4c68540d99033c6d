import { expect, test, type Page } from '@playwright/test';
import { client, disableRateLimits, newUser } from './support/api';
import { appStarted } from './support/ui';

/**
 * The app hydrates the prerendered landing page rather than painting it again: no hydration
 * mismatch (React's production build reports one as a recoverable error, #418 and kin), and the
 * hero paragraph the HTML painted, the Largest Contentful Paint, is still the very same DOM node
 * once the app runs. Checked for a guest and for a visitor with a stored session, whose header
 * differs from the guest markup the build rendered.
 */

test.beforeAll(disableRateLimits);

declare global {
  interface Window {
    __heroFromHtml?: Element | null;
  }
}

/** Remembers the hero paragraph the HTML parser inserts, before any script of the page runs. */
async function rememberHeroFromHtml(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__heroFromHtml = null;
    const observer = new MutationObserver(() => {
      const hero = document.querySelector('#hero-title + p');
      if (!hero) return;
      window.__heroFromHtml = hero;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function expectHydrated(page: Page, errors: string[]): Promise<void> {
  await page.goto('/');
  // Things only the running app renders: the year in the footer and the catalogue.
  await appStarted(page);
  await expect(page.locator('#pricing').getByRole('heading', { name: 'Professional' })).toBeVisible();
  const hero = await page.evaluate(() => {
    const now = document.querySelector('#hero-title + p');
    return {
      remembered: !!window.__heroFromHtml,
      same: !!now && now === window.__heroFromHtml,
      connected: !!window.__heroFromHtml?.isConnected,
    };
  });
  expect(errors).toEqual([]);
  expect(hero).toEqual({ remembered: true, same: true, connected: true });
}

test('a guest: the prerendered hero is hydrated, not replaced, without a mismatch', async ({ page }) => {
  const errors = errorsOf(page);
  await rememberHeroFromHtml(page);
  await expectHydrated(page, errors);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('a signed-in visitor: hydrated from the guest markup, then their header', async ({ page }) => {
  const user = await newUser('Hilde Hydrate');
  const pb = client();
  await pb.collection('users').authWithPassword(user.email, user.password);
  const stored = JSON.stringify({ token: pb.authStore.token, record: pb.authStore.record });
  await page.addInitScript((value) => localStorage.setItem('pocketbase_auth', value), stored);
  const errors = errorsOf(page);
  await rememberHeroFromHtml(page);
  await expectHydrated(page, errors);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
});

test('the landing page names one script up front, which starts the app after the first paint', async ({
  request,
}) => {
  const html = await (await request.get('/')).text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/src="\/assets\/start-after-first-paint-[\w-]+\.js"/);
  expect(scripts[0]).toMatch(/data-after-first-paint="\/assets\/index-[\w-]+\.js[^"]*"/);
  expect(html).not.toContain('rel="modulepreload"');
});
