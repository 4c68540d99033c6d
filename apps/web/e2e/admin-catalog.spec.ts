import { expect, test, type Page } from '@playwright/test';
import { client, disableRateLimits, newUser, OPERATOR, superuser } from './support/api';
import { portraits } from './support/portraits';
import { signInWithPassword } from './support/ui';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * The back office's catalogue and uploads against the real server: an operator renames a style
 * and the landing page shows the new name; moves a style up from the keyboard and the landing
 * page's order follows; finds a customer's uploads (seeded through the SDK, checked by the real
 * upload checks) with their verdicts on /admin/original-photos, filtered by reason.
 */

/** The style names of the landing page's gallery, in order. */
async function landingStyleNames(page: Page): Promise<string[]> {
  await page.goto('/');
  const gallery = page.locator('#styles figure figcaption p:first-child');
  await expect(gallery.first()).toBeVisible({ timeout: 15_000 });
  return gallery.allTextContents();
}

test.beforeAll(async () => {
  await disableRateLimits();
});

test('an operator edits and reorders styles, and sees uploads with their verdicts', async ({ page }) => {
  test.setTimeout(240_000);
  const su = await superuser();
  const suffix = Math.random().toString(36).slice(2, 7);

  await test.step('sign in and open the catalogue', async () => {
    await page.goto('/admin/login?redirect=/admin/styles');
    await signInWithPassword(page, OPERATOR.email, OPERATOR.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Styles' })).toBeVisible();
    await expect(page.getByTestId('style-row').first()).toBeVisible();
    await screenshots(page, 'styles');
  });

  const publicStyles = await client()
    .collection('styles')
    .getFullList({ filter: "team = '' && active = true", sort: 'sortOrder,name' });
  const target = publicStyles[0]!;
  const newName = `Renamed ${suffix}`;

  await test.step('rename a style and rewrite its description; the landing page shows it', async () => {
    await page.getByRole('button', { name: `Edit ${target.name}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(target.name);
    await screenshots(page, 'style-editor', { height: 2600 });
    await expectAccessible(page, 'style-editor');
    // An inline error first: the name is required.
    await dialog.getByLabel('Name', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save style' }).click();
    await expect(dialog.getByText('Give the style a name.')).toBeVisible();
    await dialog.getByLabel('Name', { exact: true }).fill(newName);
    await dialog.getByLabel(/Description/).fill(`A fresh description ${suffix}.`);
    await dialog.getByRole('button', { name: 'Save style' }).click();
    // note: exact, since the toast's live region repeats the title as "Notification …" while it announces.
    await expect(page.getByText(`“${newName}” saved`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('style-name').first()).toHaveText(newName);

    await test.step('render its preview with the studio engine', async () => {
      await page.getByRole('button', { name: `Edit ${newName}`, exact: true }).click();
      const dialog = page.getByRole('dialog');
      const before = await dialog.getByTestId('style-preview').getAttribute('src');
      await dialog.getByRole('button', { name: 'Render with the studio engine' }).click();
      // The studio engine loads its models in a fresh thread first: seconds on a busy machine.
      await expect(page.getByText('Preview rendered', { exact: true })).toBeVisible({ timeout: 120_000 });
      await expect(dialog.getByTestId('style-preview')).not.toHaveAttribute('src', before ?? '');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    });

    const saved = await client().collection('styles').getOne(target.id);
    expect(saved.description).toBe(`A fresh description ${suffix}.`);
    expect(saved.preview).not.toBe(target.preview);
    expect(await landingStyleNames(page)).toContain(newName);
  });

  await test.step('move a style up from the keyboard; the landing order follows', async () => {
    await page.goto('/admin/styles');
    const rows = page.getByTestId('style-name');
    await expect(rows.first()).toHaveText(newName);
    const second = (await rows.nth(1).textContent())!;
    const up = page.getByRole('button', { name: `Move ${second} up`, exact: true });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(rows.first()).toHaveText(second);
    await expect(rows.nth(1)).toHaveText(newName);
    // The moved style keeps the keyboard focus (on its other arrow once it is first).
    await expect(page.getByRole('button', { name: `Move ${second} down`, exact: true })).toBeFocused();
    await expect
      .poll(async () =>
        (await su.collection('styles').getFullList({ sort: 'sortOrder,name' }))
          .slice(0, 2)
          .map((s) => s.name),
      )
      .toEqual([second, newName]);
    const landing = await landingStyleNames(page);
    expect(landing.indexOf(second)).toBeLessThan(landing.indexOf(newName));
    expect(landing.indexOf(second)).toBeGreaterThanOrEqual(0);
  });

  await test.step('a customer’s uploads appear with their verdicts, filterable by reason', async () => {
    const customer = await newUser('Olive Original');
    const pb = client();
    await pb.collection('users').authWithPassword(customer.email, customer.password);
    const shoot = await pb
      .collection('photoshoots')
      .create({ user: customer.id, title: `Uploads ${suffix}` });
    const { faces, noFace } = await portraits();
    const ids: string[] = [];
    for (const photo of [faces[0]!, noFace]) {
      const form = new FormData();
      form.append('photoshoot', shoot.id);
      form.append('user', customer.id);
      form.append('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
      ids.push((await pb.collection('original_photos').create(form)).id);
    }
    const verdicts = () =>
      Promise.all(
        ids.map((id) =>
          pb
            .collection('original_photos')
            .getOne(id)
            .then((o) => o.qc),
        ),
      );
    await expect.poll(verdicts, { timeout: 180_000, intervals: [1000] }).toEqual(['accepted', 'rejected']);

    await page.goto('/admin/original-photos');
    await expect(page.getByRole('heading', { level: 1, name: 'Original photos' })).toBeVisible();
    const tile = (id: string) =>
      page.getByTestId('original').filter({ has: page.getByAltText(`Upload ${id}`) });
    await expect(tile(ids[0]!)).toHaveAttribute('data-qc', 'accepted');
    await expect(tile(ids[0]!)).toContainText('Accepted');
    await expect(tile(ids[1]!)).toHaveAttribute('data-qc', 'rejected');
    await expect(tile(ids[1]!)).toContainText('No face');
    await screenshots(page, 'original-photos');
    await expectAccessible(page, 'original-photos');

    await page.goto('/admin/original-photos?reason=no_face');
    await expect(tile(ids[1]!)).toBeVisible();
    await expect(tile(ids[0]!)).toHaveCount(0);
    await page.getByRole('button', { name: `Delete upload ${ids[1]}` }).click();
    await expect(page.getByRole('dialog')).toContainText('upload page');
    await screenshots(page, 'original-delete');
    await expectAccessible(page, 'original-delete');
    await page.getByRole('button', { name: 'Delete photo' }).click();
    await expect(tile(ids[1]!)).toHaveCount(0);
    await expect
      .poll(() =>
        pb
          .collection('original_photos')
          .getList(1, 10)
          .then((l) => l.items.map((o) => o.id)),
      )
      .toEqual([ids[0]]);
  });
});
