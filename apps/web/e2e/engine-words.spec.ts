import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * Honest words: the landing page says what the configured engine makes. The e2e server runs the
 * built-in studio engine, which keeps the person's clothes and pose, so nothing may promise new
 * outfits (a hosted generative provider's words). The results page says it too
 * (photoshoot-flow.spec.ts).
 */
test('the landing page says the studio engine works from your own photos, clothes and pose', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Professional portraits from your selfies' });
  await expect(hero.getByText(/made from your own photos/)).toBeVisible();

  const question = page.locator('details', { hasText: 'What will my portraits look like?' });
  await question.getByText('What will my portraits look like?').click();
  await expect(question.getByText(/keep the clothes and pose from your selfies/)).toBeVisible();

  await expect(page.getByText(/new outfits/i)).toHaveCount(0);
});

test('no page promises more than the studio engine does: hero, sample, terms and style cards', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Professional portraits from your selfies' });
  await expect(hero).not.toContainText('studio-quality');
  // The before image is a well-lit sample portrait, and says so.
  await expect(hero.getByRole('img', { name: /^Before: a sample photo, a well-lit portrait/ })).toBeVisible();
  await expect(
    hero.getByText('A well-lit sample photo and the built-in studio engine’s portrait of it.'),
  ).toBeVisible();
  await expect(page.getByText(/everyday photo/i)).toHaveCount(0);
  await expect(page.getByText(/softly blurred modern office|as if shot in a park/)).toHaveCount(0);
  await screenshots(page, 'landing', { inView: true });

  await page.goto('/terms-of-service');
  const service = page.getByText(/turns photos you upload into portraits/);
  await expect(service).toContainText('cuts you out of your own photos');
  await expect(page.getByText(/AI-generated/)).toHaveCount(0);
  await screenshots(page, 'terms');
  await expectAccessible(page, 'terms of service');
});
