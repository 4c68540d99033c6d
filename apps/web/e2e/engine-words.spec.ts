import { expect, test } from '@playwright/test';

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
