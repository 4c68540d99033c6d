import { expect, test } from '@playwright/test';
import { client, disableRateLimits, newUser, superuser } from './support/api';
import { signInWithPassword } from './support/ui';
import { completedShoot } from '../src/testing/completed-shoot';
import { screenshots } from './support/screenshots';

/**
 * Two notices a browser shows: a signed-in page whose session was ended elsewhere (a password
 * change on another device) says so and offers to sign in again, instead of emptying; and the
 * reset page says when the server reports its mail delayed (that answer is stubbed here: making
 * the queue late takes a failing SMTP server and a minute of waiting).
 */

test.beforeAll(async () => {
  await disableRateLimits();
});

test('a results page whose session ended elsewhere says so and signs in again back to it', async ({
  page,
}) => {
  const person = await newUser();
  const shoot = await completedShoot(await superuser(), person.id);
  await page.goto(`/login?redirect=${encodeURIComponent(`/photoshoot/${shoot}/results`)}`);
  await signInWithPassword(page, person.email, person.password);
  await expect(page).toHaveURL(new RegExp(`/photoshoot/${shoot}/results$`));
  await expect(page.getByTestId('result-card')).toHaveCount(1);

  const elsewhere = client();
  await elsewhere.collection('users').authWithPassword(person.email, person.password);
  const password = 'e2e-password-456';
  await elsewhere
    .collection('users')
    .update(person.id, { oldPassword: person.password, password, passwordConfirm: password });

  await expect(page.getByRole('heading', { name: 'You have been signed out' })).toBeVisible();
  await screenshots(page, 'session-ended', { accessible: true });

  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInWithPassword(page, person.email, password);
  await expect(page).toHaveURL(new RegExp(`/photoshoot/${shoot}/results$`));
  await expect(page.getByTestId('result-card')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'You have been signed out' })).toHaveCount(0);
});

test('the reset page says when mail is delayed', async ({ page }) => {
  await page.route('**/api/collections/users/request-password-reset', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"mailDelayed":true}' }),
  );
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await expect(page.getByText(/Email delivery is delayed right now/)).toBeVisible();
  await screenshots(page, 'reset-mail-delayed', { accessible: true });
});
