import { expect, test } from '@playwright/test';
import { client, disableRateLimits, newUser, superuser } from './support/api';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * A team admin's invite forms when the server refuses: an expiry date that has passed is named
 * under the date, and an invalid address in a list of invitations is named under the list.
 */

test.beforeAll(async () => {
  await disableRateLimits();
});

test('the invite forms name a passed expiry date and an invalid address', async ({ page }) => {
  const admin = await newUser('Tess Admin');
  // Only verified accounts may mail invites.
  await (await superuser()).collection('users').update(admin.id, { verified: true });
  const pb = client();
  await pb.collection('users').authWithPassword(admin.email, admin.password);
  const team = await pb.send<{ id: string }>('/api/teams', {
    method: 'POST',
    body: { name: 'Acme sales', company: 'Acme Inc.' },
  });

  await page.goto(`/login?redirect=${encodeURIComponent(`/teams/${team.id}`)}`);
  await signInWithPassword(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Acme sales' })).toBeVisible();

  const expires = page.getByLabel(/Expires on/);
  await expires.fill('2020-01-01');
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(expires).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/This date has already passed/)).toBeVisible();
  await expect(page.getByTestId('new-invite-link')).toHaveCount(0);

  const list = page.getByLabel('Email addresses');
  await list.fill('cat@acme.com\ndan@acme\neve@acme.com');
  await page.getByRole('button', { name: 'Send 3 invitations' }).click();
  await expect(list).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('"dan@acme" is not a valid email address.', { exact: false })).toBeVisible();
  await screenshots(page, 'invite-errors', {
    scrollTo: page.getByRole('heading', { name: 'Invites' }),
    inView: true,
    accessible: true,
  });
});
