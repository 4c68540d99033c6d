import { expect, test } from '@playwright/test';
import { newUser, superuser } from './support/api';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';
import { signInWithPassword } from './support/ui';

/**
 * A read that fails shows in place of what it would have shown (ui/load-failed.tsx): what could
 * not be loaded, the server's reason, and a retry that brings the page back once the server answers.
 */
test('a failed read of the styles says so and its retry brings them back', async ({ page }) => {
  const user = await newUser('Lou Loadfail');
  const shoot = await (await superuser()).collection('photoshoots').create({ user: user.id, title: 'Retry' });
  let failing = true;
  await page.route('**/api/collections/styles/records**', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          json: { status: 500, message: 'Something went wrong while processing your request.', data: {} },
        })
      : route.fallback(),
  );
  await page.goto(`/login?redirect=/photoshoot/${shoot.id}/styles`);
  await signInWithPassword(page, user.email, user.password);
  // note: the query client retries a failed read before it shows the failure.
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load the styles' });
  await expect(failed).toContainText('Something went wrong while processing your request.', {
    timeout: 20_000,
  });
  await screenshots(page, 'styles-load-failed');
  await expectAccessible(page, 'styles load failed');

  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toBeHidden();
  await expect(page.getByTestId('selection-status')).toContainText('Choose up to');
});
