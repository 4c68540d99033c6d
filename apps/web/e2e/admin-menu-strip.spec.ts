import { expect, test, type Locator } from '@playwright/test';
import { OPERATOR, superuser } from './support/api';
import { expectAccessible } from './support/axe';
import { shot } from './support/screenshots';
import { signInWithPassword } from './support/ui';

/**
 * The back office's menu on a phone is a strip wider than the screen. What is out of sight must
 * show that it is there: a faded edge and an arrow on that side, the arrows working by pointer and
 * keyboard, and the current page's link scrolled into sight. On a wide screen the menu is a column
 * with neither.
 */

/** How far the strip is scrolled, and how far it can go. */
const scrollOf = (list: Locator) =>
  list.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));

test.beforeAll(async () => {
  // note: makes the operator account this worker signs in with.
  await superuser();
});

test('the phone menu shows what is out of sight and scrolls to it by pointer and keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // note: the arrows then scroll at once, not smoothly: each press ends where the next starts.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/admin/login');
  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/admin$/);

  const nav = page.getByRole('navigation', { name: 'Back office' });
  const list = nav.getByRole('list');
  const left = nav.getByRole('button', { name: 'Scroll the menu left' });
  const right = nav.getByRole('button', { name: 'Scroll the menu right' });

  await test.step('at the start: more to the right, said by a fade and an enabled arrow', async () => {
    await expect(right).toBeVisible();
    await expect(right).toHaveAttribute('aria-disabled', 'false');
    await expect(left).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByTestId('strip-fade-right')).toHaveAttribute('data-shown', 'true');
    await expect(nav.getByTestId('strip-fade-left')).toHaveAttribute('data-shown', 'false');
    await expect(nav.getByRole('link', { name: 'Settings' })).not.toBeInViewport();
    await expect(page.getByTestId('sales-7-net')).toBeVisible();
    await shot(page, 'start-390', { fullPage: true });
    await expectAccessible(page, 'admin-menu-390');
  });

  await test.step('the right arrow, from the keyboard, scrolls until the end', async () => {
    await right.focus();
    for (let i = 0; i < 10; i++) {
      const { left: before, max } = await scrollOf(list);
      if (before >= max - 1) break;
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await scrollOf(list)).left).toBeGreaterThan(before);
    }
    const { left: at, max } = await scrollOf(list);
    expect(Math.abs(at - max)).toBeLessThanOrEqual(1);
    await expect(right).toHaveAttribute('aria-disabled', 'true');
    await expect(right).toBeFocused();
    await expect(left).toHaveAttribute('aria-disabled', 'false');
    await expect(nav.getByTestId('strip-fade-left')).toHaveAttribute('data-shown', 'true');
    await expect(nav.getByTestId('strip-fade-right')).toHaveAttribute('data-shown', 'false');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport();
    await shot(page, 'end-390', { fullPage: false });
  });

  await test.step('the left arrow, by pointer, scrolls back', async () => {
    const before = (await scrollOf(list)).left;
    await left.click();
    await expect.poll(async () => (await scrollOf(list)).left).toBeLessThan(before);
  });

  await test.step('opening a page far along the strip brings its link into sight', async () => {
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const current = nav.getByRole('link', { name: 'Settings' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    // note: one current page: the overview's link is not current for the pages under it.
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(current).toBeInViewport({ ratio: 1 });
    await expect(left).toHaveAttribute('aria-disabled', 'false');
    await shot(page, 'settings-390', { fullPage: false });
  });

  await test.step('tabbing through the links scrolls each into sight', async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await nav.getByRole('link', { name: 'Overview' }).focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport({ ratio: 1 });
  });

  await test.step('on a wide screen the menu is a column, without arrows or fades', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeInViewport();
    await expect(right).toHaveCount(0);
    await expect(left).toHaveCount(0);
    await shot(page, 'column-1280', { fullPage: true });
    await expectAccessible(page, 'admin-menu-1280');
  });
});
