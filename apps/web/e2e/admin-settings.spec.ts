import { expect, test, type Page } from '@playwright/test';
import { baseUrl, disableRateLimits, OPERATOR, superuser } from './support/api';
import { mailText, startSmtp } from './support/smtp';
import { settled, watchThirdParty } from './support/third-party';
import { expectAccessible } from './support/axe';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * /admin/settings against the real server: an operator configures Plausible analytics and the
 * landing page then loads its script (answered locally, never the internet) after the page has
 * loaded, while /admin never does and an unconfigured install sends nothing anywhere; the mail
 * section's test mail arrives in a real SMTP server.
 */

const PLAUSIBLE = 'https://plausible.io/js/script.manual.js';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await disableRateLimits();
  const su = await superuser();
  await su.settings.update({ integrations: { chat: 'none', analytics: 'none' } });
});
test.afterAll(async () => {
  // Other specs share this server: leave nothing configured behind.
  const su = await superuser();
  await su.settings.update({ integrations: { chat: 'none', analytics: 'none' }, smtp: { enabled: false } });
});

async function signInOperator(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/admin$/);
}

test('with nothing configured, a visitor sends no request to any third party', async ({ page }) => {
  const thirdParty = await watchThirdParty(page, baseUrl());
  await page.goto('/');
  await settled(page);
  await page.goto('/teams-info');
  await settled(page);
  expect(thirdParty.map((r) => r.url())).toEqual([]);
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self';");
});

test('an operator sets a Plausible domain; the landing page loads it after load, /admin never', async ({
  page,
  browser,
}) => {
  await signInOperator(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await screenshots(page, 'settings');
  // A hosted provider shows its write-only key and the connection test (not run: it would go out).
  const processing = page.getByRole('form', { name: 'Processing' });
  await processing.getByLabel('Generation provider').click();
  await page.getByRole('option', { name: 'fal' }).click();
  await expect(processing.getByText('not set')).toBeVisible();
  await expect(processing.getByRole('button', { name: 'Test connection to fal' })).toBeVisible();
  await processing.scrollIntoViewIfNeeded();
  await screenshots(page, 'settings-processing-fal');

  const section = page.getByRole('form', { name: 'Support chat and analytics' });
  await section.getByLabel('Page-view analytics').click();
  await page.getByRole('option', { name: 'Plausible (no cookies)' }).click();
  // A URL instead of a domain: the server's field error shows next to the field.
  await section.getByLabel('Plausible domain').fill('https://shoot.example.com/');
  await section.getByRole('button', { name: /^Save/ }).click();
  await expect(section.getByText(/Must be the domain registered with Plausible/)).toBeVisible();
  await screenshots(page, 'settings-field-error');

  await section.getByLabel('Plausible domain').fill('shoot.example.com');
  await section.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Support chat and analytics saved.', { exact: true })).toBeVisible();
  await expect(section.getByText(/Must be the domain/)).toHaveCount(0);

  // The back office, even now configured, asks no third party for anything.
  const fromAdmin = await watchThirdParty(page, baseUrl());
  await page.goto('/admin');
  await settled(page);
  await page.goto('/admin/settings');
  await settled(page);
  expect(fromAdmin.map((r) => r.url())).toEqual([]);

  // A visitor: the script is asked for once the page has loaded, with the configured domain.
  const visitor = await browser.newPage();
  await visitor.addInitScript(() => {
    const w = window as unknown as { __loadedAt?: number; __plausibleAddedAt?: number };
    window.addEventListener('load', () => (w.__loadedAt = performance.now()));
    new MutationObserver(() => {
      if (!w.__plausibleAddedAt && document.querySelector('script[src*="plausible.io"]'))
        w.__plausibleAddedAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const fromVisitor = await watchThirdParty(visitor, baseUrl(), () => 'window.__plausibleRan = true;');
  await visitor.goto('/');
  await expect.poll(() => fromVisitor.map((r) => r.url()), { timeout: 15_000 }).toEqual([PLAUSIBLE]);
  const timing = await visitor.evaluate(() => {
    const w = window as unknown as { __loadedAt?: number; __plausibleAddedAt?: number };
    return { __loadedAt: w.__loadedAt, __plausibleAddedAt: w.__plausibleAddedAt };
  });
  expect(timing.__loadedAt).toBeGreaterThan(0);
  expect(timing.__plausibleAddedAt).toBeGreaterThanOrEqual(timing.__loadedAt!);
  await expect
    .poll(() => visitor.evaluate(() => (window as unknown as Record<string, unknown>).__plausibleRan))
    .toBe(true);
  const tag = visitor.locator(`script[src="${PLAUSIBLE}"]`);
  await expect(tag).toHaveAttribute('data-domain', 'shoot.example.com');
  // Counted by us, once, with the page's address.
  const queued = await visitor.evaluate(
    () => (window as unknown as { plausible: { q: unknown[][] } }).plausible.q,
  );
  expect(queued).toEqual([['pageview', { u: `${baseUrl()}/` }]]);
  // The page's policy names Plausible now, and only it.
  const csp = (await visitor.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self' https://plausible.io;");
  await visitor.close();
});

test('the mail section sends a test mail that arrives in a real SMTP server', async ({ page }) => {
  const smtp = await startSmtp();
  try {
    await signInOperator(page);
    await page.goto('/admin/settings');
    const mail = page.getByRole('form', { name: 'Mail' });
    await mail.getByLabel('Send through SMTP').check();
    await mail.getByLabel('SMTP host').fill('127.0.0.1');
    await mail.getByLabel('SMTP port').fill(String(smtp.port));
    await expect(mail.getByText('not set')).toBeVisible();
    await mail.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText('Mail saved.', { exact: true })).toBeVisible();

    const to = `e2e-test-mail-${Date.now()}@example.com`;
    await mail.getByLabel('Send a test mail to').fill(to);
    await mail.getByRole('button', { name: 'Send test mail' }).click();
    await expect(mail.getByText(`Sent to ${to}.`)).toBeVisible();
    const caught = await smtp.waitFor(to);
    expect(mailText(caught.raw)).toContain('This is a test sent from the');
    expect(mailText(caught.raw)).not.toContain('token');
    await screenshots(page, 'settings-mail');
  } finally {
    await smtp.close();
  }
});

test('a saved secret is removed only after a confirmation, and cancelling keeps it', async ({ page }) => {
  const su = await superuser();
  await su.settings.update({
    smtp: { enabled: true, host: '127.0.0.1', port: 2525, password: 'old-smtp-pass' },
  });
  const secretSet = async () =>
    (await su.send<Record<string, boolean>>('/api/admin/settings/secrets', {}))['smtp.password'];
  await signInOperator(page);
  await page.goto('/admin/settings');
  const mail = page.getByRole('form', { name: 'Mail' });
  await expect(mail.getByText('set', { exact: true })).toBeVisible();
  const remove = mail.getByRole('button', { name: 'Remove saved value (Password)' });

  await screenshots(page, 'settings-secret-set', { target: mail });
  await expectAccessible(page, 'settings with a saved secret');

  // Cancelling keeps it.
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove the password?' });
  await expect(dialog).toBeVisible();
  await screenshots(page, 'settings-remove-secret', { inView: true });
  await expectAccessible(page, 'remove secret dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await secretSet()).toBe(true);

  await remove.click();
  await page
    .getByRole('dialog', { name: 'Remove the password?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(page.getByText('Password removed.', { exact: true })).toBeVisible();
  await expect(mail.getByText('not set', { exact: true })).toBeVisible();
  await expect(remove).toHaveCount(0);
  expect(await secretSet()).toBe(false);
  // The rest of the section is as it was.
  expect((await su.settings.getAll()).smtp).toMatchObject({ enabled: true, host: '127.0.0.1', port: 2525 });
});

test('Crisp and Google Analytics 4 load after the page and count each page view, never on /admin; Tawk.to loads by its ids', async ({
  page,
  browser,
}) => {
  const su = await superuser();
  const crispId = '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d';
  await su.settings.update({
    integrations: {
      chat: 'crisp',
      crispWebsiteId: crispId,
      analytics: 'ga4',
      ga4MeasurementId: 'G-E2ETEST123',
    },
  });
  const seen = await watchThirdParty(page, baseUrl(), (url) =>
    url.hostname === 'client.crisp.chat'
      ? 'window.__crispRan = window.CRISP_WEBSITE_ID;'
      : 'window.__gtagRan = true;',
  );
  await page.goto('/');
  await expect
    .poll(() => seen.map((r) => r.url()).sort(), { timeout: 15_000 })
    .toEqual(['https://client.crisp.chat/l.js', 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST123']);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Record<string, unknown>).__crispRan))
    .toBe(crispId);
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain('https://client.crisp.chat');
  expect(csp).toContain('https://*.googletagmanager.com');
  expect(csp).not.toContain('plausible.io');

  // GA4 in its manual mode: one page_view per page the visitor sees, with the page's address.
  const pageViews = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry) as unknown[])
        .filter((args) => args[0] === 'event' && args[1] === 'page_view')
        .map((args) => (args[2] as { page_location: string }).page_location),
    );
  await expect.poll(pageViews).toEqual([`${baseUrl()}/`]);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(pageViews).toEqual([`${baseUrl()}/`, `${baseUrl()}/contact`]);

  // The back office asks neither for anything.
  const admin = await browser.newPage();
  const fromAdmin = await watchThirdParty(admin, baseUrl());
  await admin.goto('/admin/login');
  await settled(admin);
  expect(fromAdmin.map((r) => r.url())).toEqual([]);
  await admin.close();

  // Tawk.to: the embed by property and widget id, and its hosts (not Crisp's) in the policy.
  await su.settings.update({
    integrations: {
      chat: 'tawk',
      tawkPropertyId: '0123456789abcdef01234567',
      tawkWidgetId: 'default',
      analytics: 'none',
    },
  });
  const visitor = await browser.newPage();
  const fromVisitor = await watchThirdParty(visitor, baseUrl());
  await visitor.goto('/teams-info');
  await expect
    .poll(() => fromVisitor.map((r) => r.url()), { timeout: 15_000 })
    .toEqual(['https://embed.tawk.to/0123456789abcdef01234567/default']);
  const tawkCsp = (await visitor.request.get('/')).headers()['content-security-policy'];
  expect(tawkCsp).toContain('https://*.tawk.to');
  expect(tawkCsp).not.toContain('crisp.chat');
  await visitor.close();
});

test('a chat chunk gone after a deploy leaves the page as it is: no reload, no chat', async ({ page }) => {
  const su = await superuser();
  await su.settings.update({
    integrations: {
      chat: 'crisp',
      crispWebsiteId: '1a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d',
      analytics: 'none',
    },
  });
  const thirdParty = await watchThirdParty(page, baseUrl());
  // Only the chat's own chunk is gone: the chunks a navigation needs are still there.
  await page.route(
    (url) => /^\/assets\/integrations-runtime-[^/]+\.js$/.test(url.pathname),
    (route) => route.fulfill({ status: 404, body: '' }),
  );
  // Counted by each document as it starts, so a reload cannot go unseen.
  await page.addInitScript(() => {
    sessionStorage.setItem('e2e:documents', String(Number(sessionStorage.getItem('e2e:documents') ?? 0) + 1));
  });
  const documents = () => page.evaluate(() => Number(sessionStorage.getItem('e2e:documents') ?? 0));
  const chunk = page.waitForResponse((r) => r.url().includes('/assets/integrations-runtime-'));
  await page.goto('/');
  expect((await chunk).status()).toBe(404);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Professional portraits from your selfies',
  );
  expect(await documents()).toBe(1);

  // The next navigation works as ever (and tries the chat again, quietly).
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await settled(page);
  expect(await documents()).toBe(1);
  expect(thirdParty.map((r) => r.url())).toEqual([]);
});
