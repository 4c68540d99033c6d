import { expect, test } from '@playwright/test';
import { baseUrl, disableRateLimits, OPERATOR, superuser } from './support/api';
import { expectAccessible } from './support/axe';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * The application URL: `serve` on a fresh data directory adopted its listen address; the
 * overview warns while that loopback address is not where the operator reached the site, and the
 * settings' Application section fixes it (refusing an address links cannot be built on).
 */

test.beforeAll(async () => {
  await disableRateLimits();
});
test.afterAll(async () => {
  // Other specs share this server: put back the address serve adopted.
  const su = await superuser();
  await su.settings.update({ meta: { appURL: baseUrl() } });
});

test('the overview warns about a loopback application URL until the operator sets the real one', async ({
  page,
}) => {
  const su = await superuser();
  expect((await su.settings.getAll()).meta.appURL).toBe(baseUrl());
  // The same server reached under another name, as from another machine.
  const elsewhere = baseUrl().replace('127.0.0.1', 'localhost');
  await page.goto(`${elsewhere}/admin/login`);
  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(`${elsewhere}/admin`);
  const warning = page.getByRole('alert').filter({ hasText: 'Links in mails point to this machine only' });
  await expect(warning).toContainText(baseUrl());
  await expect(warning).toContainText(elsewhere);
  // This server runs without PHOTOSHOOT_ENCRYPTION_KEY: the overview says so, and how to set it.
  const unencrypted = page
    .getByRole('alert')
    .filter({ hasText: 'Saved keys and passwords are not encrypted' });
  await expect(unencrypted).toContainText('PHOTOSHOOT_ENCRYPTION_KEY');
  await screenshots(page, 'overview-warning');
  await expectAccessible(page, 'overview with the application URL warning');

  await warning.getByRole('link', { name: 'Set the application URL' }).click();
  await expect(page).toHaveURL(`${elsewhere}/admin/settings#application`);
  const section = page.getByRole('form', { name: 'Application' });
  await section.getByLabel('Application URL').fill(`${elsewhere}/?from=mail`);
  await section.getByRole('button', { name: /^Save/ }).click();
  await expect(section.getByText(/Must not contain a query/)).toBeVisible();
  await screenshots(page, 'settings-application-error');
  await expectAccessible(page, 'settings with an application URL error');
  await section.getByLabel('Application URL').fill(elsewhere);
  await section.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Application saved.', { exact: true })).toBeVisible();
  expect((await su.settings.getAll()).meta.appURL).toBe(elsewhere);

  await page.goto(`${elsewhere}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Links in mails point to this machine only')).toHaveCount(0);
});
