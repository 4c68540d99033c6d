import { expect, test, type Page } from '@playwright/test';

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('landing page shows the product and a healthy API', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Photoshoot/);
  await expect(page.getByRole('banner')).toContainText('Photoshoot');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Professional portraits from your selfies',
  );
  await expect(page.getByText('The full app is coming soon.')).toBeVisible();
  await expect(page.getByTestId('api-status')).toContainText('API is healthy.');
});

test('unknown paths show a client-side Page Not Found', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The server falls back to index.html for non-API paths; the SPA decides what exists.
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle(/Page Not Found/);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('api-status')).toContainText('API is healthy.');
});

for (const viewport of VIEWPORTS) {
  test(`layout at ${viewport.width}x${viewport.height} (${viewport.name})`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    await page.goto('/');
    await expect(page.getByTestId('api-status')).toContainText('API is healthy.');
    if (viewport.name === 'phone') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `${testInfo.project.outputDir}/landing-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    if (viewport.name === 'phone') expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: `${testInfo.project.outputDir}/not-found-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });
  });
}
