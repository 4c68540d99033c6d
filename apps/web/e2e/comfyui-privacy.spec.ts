import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { client, disableRateLimits, newUser, OPERATOR, superuser } from './support/api';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * Privacy mode and the ComfyUI settings. With only the built-in engine (the e2e server's) the
 * landing page, the upload page and the privacy page say photos never leave our own servers; once
 * a hosted provider has a key the words change. The back office's ComfyUI card refuses a broken
 * workflow in words naming the node and input, and saves the bundled example.
 */
const EXAMPLE = readFileSync(
  new URL('../../../docs/comfyui/photomaker-sdxl.workflow.json', import.meta.url),
  'utf8',
);

/**
 * Opens a landing-page FAQ item once the app has taken over the prerendered page: the question
 * about the portraits appears only then, as it needs the server's config. A click on the
 * prerendered HTML while the app was still starting left the answer closed once in CI.
 */
async function openFaq(page: Page, question: string) {
  await expect(page.locator('details', { hasText: 'What will my portraits look like?' })).toBeVisible();
  const item = page.locator('details', { hasText: question });
  await item.getByText(question).click();
  return item;
}

const LOCAL = /never leave our own servers/;
const HOSTED = /sent to an outside AI image service/;

test.beforeAll(async () => {
  await disableRateLimits();
});

test('the public pages say photos stay on our servers, and say otherwise once a hosted service is keyed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const su = await superuser();
  const user = await newUser('Pia Private');
  const shoot = await su.collection('photoshoots').create({ user: user.id, title: 'Private shoot' });

  await test.step('local: landing FAQ, privacy page and upload page', async () => {
    expect((await client().send('/api/public/config', {})).privacy).toBe('local');
    await page.goto('/');
    const faq = await openFaq(page, 'What happens to my selfies?');
    await expect(faq.getByText(LOCAL)).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByTestId('privacy-note')).toHaveText(LOCAL);
    await screenshots(page, 'privacy-local');
    await expectAccessible(page, 'privacy-local');
    await page.goto(`/login?redirect=/photoshoot/${shoot.id}/upload`);
    await signInWithPassword(page, user.email, user.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload your selfies');
    await expect(page.getByTestId('privacy-note')).toHaveText(LOCAL);
    await screenshots(page, 'upload-local');
    await expectAccessible(page, 'upload-local');
  });

  await test.step('hosted: a hosted provider has a key, so no page promises local processing', async () => {
    await su.settings.update({ processing: { fal: { apiKey: 'fal-e2e-key' } } });
    try {
      await page.reload();
      await expect(page.getByTestId('privacy-note')).toHaveText(HOSTED);
      await page.goto('/privacy');
      await expect(page.getByTestId('privacy-note')).toHaveText(HOSTED);
      await screenshots(page, 'privacy-hosted');
      await page.goto('/');
      const faq = await openFaq(page, 'What happens to my selfies?');
      await expect(faq.getByText(HOSTED)).toBeVisible();
      await expect(page.getByText(LOCAL)).toHaveCount(0);
    } finally {
      await su.settings.update({ processing: { fal: { apiKey: null } } });
    }
  });
});

test('an operator adds ComfyUI servers and workflows; a broken workflow is refused naming node and input', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await superuser();
  await page.goto('/admin/login?redirect=/admin/settings');
  await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
  const card = page.locator('#comfyui');
  await expect(card.getByRole('heading', { name: 'ComfyUI' })).toBeVisible({ timeout: 30_000 });

  await card.getByRole('button', { name: 'Add a server' }).click();
  await card.getByLabel('Server 1 URL').fill('http://127.0.0.1:9');

  const broken = JSON.parse(EXAMPLE) as { graph: Record<string, { inputs: Record<string, unknown> }> };
  broken.graph['7']!.inputs.model = ['99', 0];
  await card.getByLabel('Add a workflow').fill(JSON.stringify(broken));
  await card.getByRole('button', { name: 'Check and add' }).click();
  await expect(
    card.getByText('graph: Node 7 (KSampler) input "model" links to node 99, which is not in the workflow.'),
  ).toBeVisible();
  await screenshots(page, 'admin-comfyui-refused');
  await expectAccessible(page, 'admin-comfyui-refused');

  await card.getByLabel('Add a workflow').fill(EXAMPLE);
  await card.getByRole('button', { name: 'Check and add' }).click();
  await expect(card.getByText('Checked and added: save to keep it.')).toBeVisible();
  await card.getByLabel('Default workflow').selectOption('PhotoMaker SDXL');
  await card.getByRole('button', { name: 'Save ComfyUI' }).click();
  // Exact: the toast's screen-reader announcement ("Notification ComfyUI saved.") shows for a moment too.
  await expect(page.getByText('ComfyUI saved.', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(
    card.getByText('ComfyUI at http://127.0.0.1:9 could not be reached', { exact: false }),
  ).toBeVisible();
  await screenshots(page, 'admin-comfyui-saved');
  await expectAccessible(page, 'admin-comfyui-saved');

  const su = await superuser();
  const saved = (await su.settings.getAll()) as {
    comfyui: { workflows: { name: string }[]; defaultWorkflow: string };
  };
  expect(saved.comfyui.workflows.map((w) => w.name)).toEqual(['PhotoMaker SDXL']);
  expect(saved.comfyui.defaultWorkflow).toBe('PhotoMaker SDXL');
  await su.settings.update({ comfyui: { servers: [], workflows: [], defaultWorkflow: '' } });
});
