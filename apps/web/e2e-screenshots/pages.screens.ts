import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { client, disableRateLimits, newUser } from '../e2e/support/api';
import { signInWithPassword } from '../e2e/support/ui';

const OUT = fileURLToPath(new URL('../screenshots/', import.meta.url));
const WIDTHS = [390, 1280] as const;

const PUBLIC = [
  '/',
  '/teams-info',
  '/contact',
  '/privacy',
  '/terms-of-service',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=example',
  '/reset-password',
  '/confirm-email-change?token=example',
  '/no/such/page',
  '/__crash',
  '/admin',
  '/admin/users',
  '/admin/login',
];
const SIGNED_IN = ['/dashboard', '/settings', '/profiles/new', '/teams', '/teams/new'];

function fileName(path: string, width: number): string {
  const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[/?=]+/g, '_');
  return `${OUT}${slug}-${width}.png`;
}

async function shoot(page: Page, path: string, width: number) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Lazy images below the fold would never load in a full-page shot: load them all first.
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = 'eager';
    await Promise.race([
      Promise.all(
        images.map((img) =>
          img.complete
            ? null
            : new Promise((r) => {
                img.onload = img.onerror = r;
              }),
        ),
      ),
      new Promise((r) => setTimeout(r, 5_000)),
    ]);
  });
  await page.screenshot({ path: fileName(path, width), fullPage: true });
}

test.beforeAll(disableRateLimits);

for (const width of WIDTHS) {
  test(`public pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    for (const path of PUBLIC) await shoot(page, path, width);
  });

  test(`signed-in pages at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const user = await newUser('Morgan Screenshot');
    const pb = client();
    await pb.collection('users').authWithPassword(user.email, user.password);
    await pb.collection('photoshoots').create({ user: user.id, title: 'LinkedIn refresh' });
    await pb.collection('photoshoots').create({ user: user.id, title: 'Team page headshot' });
    await page.goto('/login');
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL('/dashboard');
    for (const path of SIGNED_IN) await shoot(page, path, width);
  });
}
