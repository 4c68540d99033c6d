import { expect, test, type Page } from '@playwright/test';

/** Console messages Chromium prints when the Content-Security-Policy blocks something. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && found.push(m.text()));
  return found;
}

test('the pages work under the Content-Security-Policy', async ({ page }) => {
  const violations = cspViolations(page);
  const response = await page.goto('/');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['permissions-policy']).toContain('camera=()');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Professional portraits from your selfies',
  );
  // The catalogue loads over the API (connect-src) and its cards render.
  await page.waitForLoadState('networkidle');
  for (const path of ['/login', '/register', '/teams-info', '/no/such/page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('the prerendered landing page starts without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'See the styles' }).click();
  await expect(page).toHaveURL(/#styles$/);
  expect(errors).toEqual([]);
});

test('the landing page is in the HTML before any script runs', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('Professional portraits from your selfies');
  expect(html).not.toMatch(/<link rel="stylesheet"/); // inlined: nothing blocks the first paint
  expect(res.headers()['cache-control']).toBe('no-cache');
});

test('robots.txt and the favicon are real files', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain('User-agent: *');
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
});
