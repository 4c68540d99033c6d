import { expect, test } from '@playwright/test';
import { initialScripts } from './support/initial-scripts';
import { disableRateLimits, newUser, superuser } from './support/api';
import { horizontalOverflow } from './support/screenshots';
import { appStarted, signInWithPassword } from './support/ui';

/** The app shell end to end: landing page, legal pages, 404, 500, guards and placeholders. */

test.beforeAll(disableRateLimits);

test('the landing page shows the product, the styles with previews and the prices', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Photoshoot — professional portraits from your selfies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Professional portraits from your selfies',
  );
  await expect(
    page.getByRole('heading', { name: 'Three steps to a portrait you’ll actually use' }),
  ).toBeVisible();

  const gallery = page.locator('#styles');
  const previews = gallery.getByRole('img');
  await expect(previews.first()).toBeVisible();
  expect(await previews.count()).toBeGreaterThan(3);
  const first = previews.first();
  await expect(first).toHaveAttribute('src', /\/api\/files\/.+\?thumb=320x400/);
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('heading', { name: 'Professional' })).toBeVisible();
  await expect(pricing.getByText('$49')).toBeVisible();
  await expect(pricing.getByRole('heading', { name: 'For teams' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Headshots for your whole team' })).toBeVisible();
});

test('the skip link is the first stop of the keyboard and jumps to the content', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('privacy and terms state the retention periods from the server settings', async ({ page }) => {
  const su = await superuser();
  const before = await su.settings.getAll();
  await su.settings.update({ processing: { originalsRetentionDays: 12, resultsRetentionDays: 0 } });
  try {
    await page.goto('/privacy');
    await expect(page.getByTestId('retention')).toContainText(
      'deleted 12 days after your portraits are delivered',
    );
    await expect(page.getByTestId('retention')).toContainText(
      'never delivered (left unfinished, failed or refunded), its selfies are deleted 12 days after its last activity',
    );
    await expect(page.getByTestId('retention')).toContainText('kept until you delete them or your account');
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
    await expect(page.getByTestId('retention')).toContainText('12 days');
  } finally {
    await su.settings.update({
      processing: {
        originalsRetentionDays: before.processing.originalsRetentionDays,
        resultsRetentionDays: before.processing.resultsRetentionDays,
      },
    });
  }
});

test('the contact form validates, sends into contact_messages and confirms', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please tell us your name.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  const email = `contact-${Date.now()}@example.com`;
  await page.getByLabel('Name').fill('Casey Contact');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Topic').selectOption('teams');
  await page.getByLabel('Message').fill('Do you offer invoices for 40 seats?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you, your message is on its way')).toBeVisible();
  const su = await superuser();
  const stored = await su
    .collection('contact_messages')
    .getFirstListItem(su.filter('email = {:email}', { email }));
  expect(stored).toMatchObject({
    name: 'Casey Contact',
    topic: 'teams',
    message: 'Do you offer invoices for 40 seats?',
  });
});

test('unknown paths show Page Not Found', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404); // the server knows the app's routes (dist/routes.json)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page).toHaveTitle(/Page Not Found/);
  // At the root no layout drew a frame yet: the page brings the public one, exactly once.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL('/');
});

test('a crash shows Internal Server Error without details', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/__crash');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
  await expect(page.getByText('Error 500')).toBeVisible();
  // Inside the public layout the page adds no second frame.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText('Forced error');
  expect(errors.join('\n')).toContain('Forced error');
});

test('guards: a guest is sent to login and comes back after signing in', async ({ page }) => {
  const user = await newUser('Gina Guard');
  await page.goto('/settings?tab=password');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%3Ftab%3Dpassword/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/settings?tab=password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  // Signed in, the guest-only pages send back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
});

// The admin routes are behind the admin guard: guards.spec.ts signs an operator in to see them.
test('team routes are real pages in the signed-in layout', async ({ page }) => {
  const user = await newUser('Tara Team');
  await page.goto('/login?redirect=%2Fteams%2Finvite%2Fnosuchinvitetoken0000000000000000');
  await signInWithPassword(page, user.email, user.password);
  await expect(page).toHaveURL('/teams/invite/nosuchinvitetoken0000000000000000');
  await expect(page.getByRole('heading', { name: 'This invite link does not exist' })).toBeVisible();
  // A team the user is not in: the team guard's page, not a placeholder.
  await page.goto('/teams/nosuchteam0000/photoshoots/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not a member of this team');
  await page.goto('/teams/nosuchteam0000/photoshoots/test');
  await expect(page.getByRole('heading', { name: 'You are not a member of this team' })).toBeVisible();
  await expect(page.getByText('Coming soon')).toHaveCount(0);
});

test('the dashboard starts a photoshoot and links each one to its next step', async ({ page }) => {
  const user = await newUser('Dana Dashboard');
  await page.goto('/login?redirect=%2Fdashboard');
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByText('No photoshoots yet')).toBeVisible();
  await page.getByRole('button', { name: 'New photoshoot' }).first().click();
  await expect(page).toHaveURL(/\/photoshoot\/[a-z0-9]+\/upload$/);
  const id = /\/photoshoot\/([a-z0-9]+)\/upload/.exec(page.url())![1];
  await page.goto('/dashboard');
  const link = page.getByRole('link', { name: /Continue setup/ });
  await expect(link).toHaveAttribute('href', `/photoshoot/${id}/upload`);
  await expect(page.getByText('Draft')).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/teams-info', '/contact', '/privacy', '/login', '/register', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });
}

test('a code chunk missing after a deploy reloads the page once, then shows the error page', async ({
  page,
  request,
}) => {
  // What the first paint needs stays reachable; every other chunk is "gone", as after a deploy.
  const initial = await initialScripts(request);
  expect(initial.size).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Professional portraits from your selfies',
  );
  // The heading is in the prerendered HTML: a click before the app runs loads /contact as a new
  // document, which counts as one more than the reload this test is about.
  await appStarted(page);

  // Every document started from here on counts itself as it starts: a count kept by the page, not
  // by when Playwright's 'load' events arrive.
  await page.addInitScript(() => {
    sessionStorage.setItem('e2e:documents', String(Number(sessionStorage.getItem('e2e:documents') ?? 0) + 1));
  });
  const documents = () => page.evaluate(() => Number(sessionStorage.getItem('e2e:documents') ?? 0));
  await page.route(
    (url) =>
      url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && !initial.has(url.pathname),
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();

  // The error page is only ever painted by the reloaded document (the old one waits for the reload).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error', {
    timeout: 15_000,
  });
  expect(await documents()).toBe(1); // exactly one reload
  await expect(page).toHaveURL(/\/contact$/);
  await page.waitForTimeout(1_000);
  expect(await documents()).toBe(1); // and no loop
  expect(await page.evaluate(() => sessionStorage.getItem('photoshoot:chunk-reload-at'))).toMatch(/^\d+$/);
});
