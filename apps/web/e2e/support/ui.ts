import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app runs on a prerendered page: the footer's year is rendered by the app only.
 * Before that the page is the build's HTML, and a click on a link there is a whole new document,
 * not a move inside the app.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toContainText(/© \d{4} Photoshoot/, { timeout: 15_000 });
}

/** Fills and sends the password form of /login. */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
