import { expect, test, type Locator, type Page } from '@playwright/test';
import { disableRateLimits, OPERATOR, superuser } from './support/api';
import { expectAccessible } from './support/axe';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * /admin/settings, processing section, against the real server: each hosted provider's options,
 * Astria's mock output named as placeholder images, the server's field errors next to their fields,
 * and "Test connection" answering in words. Nothing here is saved (other specs share the server's
 * settings); no request leaves for a real provider.
 */

// Each test signs in, switches providers and audits the page twice: longer than a one-screen check.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  await disableRateLimits();
});
test.afterAll(async () => {
  const su = await superuser();
  await su.settings.update({ processing: { provider: 'studio', astria: { mock: false } } });
});

async function processingForm(page: Page): Promise<Locator> {
  await superuser();
  await page.goto('/admin/login');
  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Processing' });
  await expect(form).toBeVisible();
  return form;
}

async function choose(page: Page, form: Locator, label: string, option: string): Promise<void> {
  await form.getByLabel(label).click();
  await page.getByRole('option', { name: option }).click();
}

test('fal and Replicate show their options while chosen, the studio engine none', async ({ page }) => {
  const form = await processingForm(page);
  // The studio engine has no provider options and no connection test.
  await expect(form.getByLabel('fal training app')).toHaveCount(0);
  await expect(form.getByRole('button', { name: /^Test connection/ })).toHaveCount(0);

  await choose(page, form, 'Generation provider', 'fal');
  await expect(form.getByLabel('fal training app')).toHaveValue('fal-ai/flux-lora-portrait-trainer');
  await expect(form.getByLabel('fal portrait app')).toHaveValue('fal-ai/flux-lora');
  await expect(form.getByLabel("Check a job's status every (seconds)")).toHaveValue('30');
  await expect(form.getByLabel('Give up on a job after (minutes)')).toHaveValue('60');
  await screenshots(page, 'fal', { target: form });

  await choose(page, form, 'Generation provider', 'Replicate');
  for (const label of ['Replicate trainer', 'Replicate destination model'])
    await expect(form.getByLabel(label)).toBeVisible();
  await expect(form.getByText('Replicate webhook signing secret')).toBeVisible();
  await expect(form.getByLabel('fal training app')).toHaveCount(0);
  await screenshots(page, 'replicate', { target: form });
});

test('Astria shows its options, and names mock output as placeholder images', async ({ page }) => {
  const form = await processingForm(page);
  await choose(page, form, 'Generation provider', 'Astria');
  const mock = form.getByLabel('Mock output: placeholder images, for test shoots only');
  await expect(mock).not.toBeChecked();
  await expect(form.getByLabel('Astria base tune')).toHaveValue('0');
  await expect(form.getByText(/Flux\.1 dev 1504944, SDXL 1\.0 666678/)).toBeVisible();
  await expect(form.getByLabel('Astria training preset')).toBeVisible();
  await expect(form.getByRole('alert')).toHaveCount(0);
  await screenshots(page, 'astria', { target: form });
  await expectAccessible(page, 'processing settings, Astria');

  // The preset is Flux's: another model hides it.
  await choose(page, form, 'Astria model', 'SDXL 1.0 LoRA');
  await expect(form.getByLabel('Astria training preset')).toHaveCount(0);

  // Mock output: said in words, and the real-portrait options step aside.
  await mock.check();
  await expect(form.getByRole('alert')).toHaveText(
    'Mock output is on: Astria returns placeholder images, not portraits. Only team test shoots run; paid photoshoots are refused.',
  );
  await expect(form.getByLabel('Astria model')).toHaveCount(0);
  await expect(form.getByLabel('Astria base tune')).toHaveCount(0);
  await screenshots(page, 'astria-mock', { target: form });
  await expectAccessible(page, 'processing settings, Astria mock output');
});

test("the server's field errors show next to the provider fields they are about", async ({ page }) => {
  const form = await processingForm(page);
  await choose(page, form, 'Generation provider', 'fal');
  const trainingApp = form.getByLabel('fal training app');
  await trainingApp.fill('flux trainer');
  await form.getByRole('button', { name: 'Save processing' }).click();
  await expect(form.getByText('Some values need fixing: see the fields above.')).toBeVisible();
  await expect(trainingApp).toHaveAttribute('aria-invalid', 'true');
  await expect(trainingApp).toHaveAccessibleDescription(/Must be a fal app id such as fal-ai\/flux-lora\./);
  await trainingApp.fill('fal-ai/flux-lora-portrait-trainer');

  await choose(page, form, 'Generation provider', 'Astria');
  const baseTune = form.getByLabel('Astria base tune');
  await baseTune.fill('-5');
  await form.getByRole('button', { name: 'Save processing' }).click();
  await expect(baseTune).toHaveAttribute('aria-invalid', 'true');
  await expect(baseTune).toHaveAccessibleDescription(/Must be a gallery tune id, or 0 for the default\./);
  await screenshots(page, 'astria-field-error', { target: form });
  await expectAccessible(page, 'processing settings with a field error');
  // Nothing was saved.
  const su = await superuser();
  expect((await su.settings.getAll()).processing).toMatchObject({
    provider: 'studio',
    astria: { baseTuneId: 0 },
  });
});

test('"Test connection" says in words what is wrong, or whether real portraits can be made', async ({
  page,
}) => {
  const form = await processingForm(page);
  await choose(page, form, 'Generation provider', 'Astria');
  await expect(form.getByText('Tests the saved settings: save first.')).toBeVisible();
  // The real server, with no Astria key saved: it says what is missing, and sends nothing out.
  await form.getByRole('button', { name: 'Test connection to Astria' }).click();
  const problem = form.getByRole('alert').filter({ hasText: 'Not ready' });
  await expect(problem).toContainText(
    'The connection test failed. Astria is not configured: set processing.astria.apiKey in the settings.',
  );
  await screenshots(page, 'test-connection-problem', { target: form });

  // A configuration that works needs a real provider on the internet; its answer (the server's
  // words, tested against the provider fakes in the server's suite) is stood in for here.
  await page.route('**/api/admin/processing/providers/fal/test', (route) =>
    route.fulfill({
      json: {
        provider: 'fal',
        ok: true,
        realPortraits: true,
        message:
          "fal accepted the key, and both apps are active: fal-ai/flux-lora-portrait-trainer trains each person's LoRA, fal-ai/flux-lora renders the portraits. This configuration can make real portraits.",
      },
    }),
  );
  await choose(page, form, 'Generation provider', 'fal');
  await form.getByRole('button', { name: 'Test connection to fal' }).click();
  const ready = form.getByRole('status').filter({ hasText: 'Ready to make real portraits' });
  await expect(ready).toContainText('This configuration can make real portraits.');
  await screenshots(page, 'test-connection-ready', { target: form });
  await expectAccessible(page, 'processing settings, connection ready');

  await page.route('**/api/admin/processing/providers/astria/test', (route) =>
    route.fulfill({
      json: {
        provider: 'astria',
        ok: true,
        realPortraits: false,
        message:
          'Astria accepted the key, but mock output is on: it returns placeholder images, so this configuration cannot make real portraits.',
        notice:
          'Astria is set to mock output: its free "fast" branch returns placeholder images, so only team test shoots run and paid photoshoots are refused.',
      },
    }),
  );
  await choose(page, form, 'Generation provider', 'Astria');
  await form.getByRole('button', { name: 'Test connection to Astria' }).click();
  const placeholders = form.getByRole('alert').filter({ hasText: 'Connected, but no real portraits' });
  await expect(placeholders).toContainText('cannot make real portraits');
  await expect(placeholders).toContainText('paid photoshoots are refused');
});
