import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import PocketBase from 'pocketbase';
import { portraits } from './support/portraits';
import { expectAccessible } from './support/axe';
import { screenshots, shot } from './support/screenshots';

/**
 * The whole individual flow against the real server (built app, fresh data dir, real upload
 * checks, real worker, sandbox payments): register, create a photoshoot, upload real portraits
 * (and one photo without a face, which must be refused with its reason), pick a style, apply a
 * coupon, pay in the sandbox, watch processing, and — once a superuser has released the results
 * through the API — see, favourite, rate, rename, download and review them, then ask for a redo.
 * On the way it checks what first-time customers tripped over: a file that is not a photo is said
 * in plain words with no Retry, too few styles for the package are warned about before paying,
 * downloads are named after the person, style and number, and the redo round is confirmed first.
 * Screenshots of every page at phone and desktop widths are saved on the way.
 */

const CLI = fileURLToPath(new URL('../../server/dist/cli.js', import.meta.url));
const DATA_DIR = process.env.PHOTOSHOOT_E2E_DATA_DIR ?? '';
const SUPERUSER = { email: 'e2e-operator@example.com', password: 'operator-password-123' };
const ALMOST = 'ALMOST99';
const COUPON = 'E2E25';

async function operator(baseURL: string): Promise<PocketBase> {
  execFileSync(
    process.execPath,
    [CLI, 'superuser', 'upsert', SUPERUSER.email, SUPERUSER.password, `--dir=${DATA_DIR}`],
    {
      stdio: 'pipe',
      env: { ...process.env, DATABASE_URL: '' },
    },
  );
  const su = new PocketBase(baseURL);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  return su;
}

test('a new visitor gets from selfies to reviewed portraits', async ({ page, baseURL }) => {
  test.setTimeout(360_000);
  const su = await operator(baseURL!);
  await su.collection('coupons').create({ code: COUPON, percentOff: 25, appliesTo: 'any', active: true });
  await su.collection('coupons').create({ code: ALMOST, percentOff: 99, appliesTo: 'any', active: true });
  const photos = await portraits();
  const email = `visitor-${Date.now()}@example.com`;
  let photoshootId = '';

  await test.step('the landing page shows a real before and after, and a menu on a phone', async () => {
    await page.goto('/');
    const after = page.getByRole('img', { name: /^After:/ });
    await expect(after).toBeVisible();
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBe(400);
    await screenshots(page, 'landing');
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pricing' }),
    ).toBeVisible();
    await shot(page, 'landing-menu-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(menu).toBeHidden();
  });

  await test.step('register and create a photoshoot', async () => {
    await page.goto('/register');
    await page.getByLabel('Name').fill('Ada Visitor');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // Just registered: welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Ada');
    await page.getByRole('button', { name: 'New photoshoot' }).first().click();
    await expect(page).toHaveURL(/\/photoshoot\/[a-z0-9]+\/upload$/);
    photoshootId = page.url().split('/').at(-2)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upload your selfies');
  });

  await test.step('upload portraits; the photo without a face is refused with its reason', async () => {
    await screenshots(page, 'upload-empty');
    // Named and typed like a photo, but not one: the server reads the bytes and refuses it.
    await page.getByLabel('Choose photos').setInputFiles([
      {
        name: 'notanimage.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('just some text, not a photo\n'),
      },
    ]);
    const refused = page.getByTestId('upload-row').filter({ hasText: 'notanimage.jpg' });
    await expect(refused).toContainText('This file is not a photo we can read: use JPEG, PNG or WebP');
    await expect(refused).not.toContainText('mime type');
    await expect(refused.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await screenshots(page, 'upload-not-a-photo');
    await expectAccessible(page, 'upload-not-a-photo');
    await refused.getByRole('button', { name: /^Dismiss/ }).click();
    await page.getByLabel('Choose photos').setInputFiles([...photos.faces, photos.noFace]);
    const tiles = page.getByTestId('photo-tile');
    await expect(tiles).toHaveCount(8, { timeout: 30_000 });
    const rejected = tiles.and(page.locator('[data-qc="rejected"]'));
    await expect(rejected).toHaveCount(1, { timeout: 120_000 });
    await expect(rejected.getByTestId('qc-reasons')).toContainText('We could not find a face');
    await expect(tiles.and(page.locator('[data-qc="accepted"]'))).toHaveCount(7, { timeout: 120_000 });
    await expect(page.getByTestId('accepted-counter')).toContainText('7 accepted photos (6 needed)');
    await screenshots(page, 'upload-checked');
    await rejected.getByRole('button', { name: /^Remove/ }).click();
    await expect(tiles).toHaveCount(7);
    await page.getByRole('button', { name: 'Continue to styles' }).click();
  });

  await test.step('describe the person photographed from the flow', async () => {
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/styles$`));
    await page.getByRole('link', { name: 'Describe someone new' }).click();
    await expect(page).toHaveURL(new RegExp(`/profiles/new\\?photoshoot=${photoshootId}$`));
    await page.getByLabel('Name', { exact: true }).fill('Ada on stage');
    await page.getByLabel('Hair', { exact: false }).first().fill('short, auburn');
    await page.getByRole('button', { name: /^Save/ }).click();
    // Back in the flow with the new person chosen for this photoshoot.
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/styles$`));
    await expect(page.getByRole('combobox', { name: /Person/ })).toHaveText('Ada on stage');
    const chosen = await su.collection('photoshoots').getOne(photoshootId, { expand: 'profile' });
    expect(chosen.expand?.profile?.name).toBe('Ada on stage');
  });

  await test.step('pick a package and a style', async () => {
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/styles$`));
    await page.getByTestId('package-card').filter({ hasText: 'Starter' }).click();
    const cards = page.getByTestId('style-card');
    await expect(cards.first()).toBeVisible();
    await cards.first().click();
    await expect(page.getByTestId('selection-status')).toHaveText('1 of 1 chosen.');
    // The package includes one style: the others cannot be added.
    await expect(cards.nth(1).getByRole('checkbox')).toBeDisabled();
    await screenshots(page, 'styles');
    await expectAccessible(page, 'styles');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
  });

  let paymentUrl = '';
  await test.step('apply a coupon and pay in the sandbox', async () => {
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/payment$`));
    await expect(page.getByTestId('amount-due')).toHaveText('$29.00');
    // A bigger package with the one style chosen: said before paying, with a way back to styles.
    await page.getByTestId('package-card').filter({ hasText: 'Professional' }).click();
    const unused = page.getByRole('alert').filter({ hasText: 'Styles left unused' });
    await expect(unused).toContainText("You chose 1 of 3 styles: you'll get 15 portraits instead of 45");
    await expect(unused.getByRole('link', { name: 'Choose more styles' })).toHaveAttribute(
      'href',
      `/photoshoot/${photoshootId}/styles`,
    );
    await screenshots(page, 'payment-unused-styles');
    await page.getByTestId('package-card').filter({ hasText: 'Starter' }).click();
    await expect(unused).toHaveCount(0);
    await expect(page.getByTestId('amount-due')).toHaveText('$29.00');
    await page.getByLabel(/Coupon code/).fill('nope-code');
    await expect(page.getByLabel(/Coupon code/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    // 99% off leaves 29 cents, under the smallest card payment: waived, and said so.
    await page.getByLabel(/Coupon code/).fill(ALMOST);
    await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
    await expect(page.getByTestId('waived')).toHaveText(
      'The discount includes $0.29 we waive: a card payment can’t be less than $0.50.',
    );
    await expect(page.getByRole('button', { name: 'Start my photoshoot' })).toBeEnabled();
    await expect(page.getByTestId('pay-hint')).toHaveText(
      /^Nothing to pay: your photoshoot starts right away/,
    );
    await screenshots(page, 'payment-waived');
    await page.getByLabel(/Coupon code/).fill(COUPON.toLowerCase());
    await expect(page.getByTestId('waived')).toHaveCount(0);
    await expect(page.getByTestId('pay-hint')).toHaveText(/^You pay on the next page\./);
    await expect(page.getByTestId('coupon-applied')).toHaveText(`Code ${COUPON} applied: you save $7.25.`);
    await expect(page.getByTestId('amount-due')).toHaveText('$21.75');
    await screenshots(page, 'payment');
    await expectAccessible(page, 'payment');
    // A declined payment brings the customer back to this page, the coupon still applied.
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[a-z0-9]+$/);
    await page.getByRole('button', { name: 'Simulate failure' }).click();
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/payment\\?payment=`));
    await expect(page.getByText('Your payment did not go through')).toBeVisible();
    await expect(page.getByLabel(/Coupon code/)).toHaveValue(new RegExp(`^${COUPON}$`, 'i'));
    await expect(page.getByTestId('coupon-applied')).toHaveText(`Code ${COUPON} applied: you save $7.25.`);
    await expect(page.getByTestId('amount-due')).toHaveText('$21.75');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[a-z0-9]+$/);
    paymentUrl = page.url();
    await expect(page.getByText('Test payment — no money moves')).toBeVisible();
    await expect(page.getByTestId('sandbox-amount')).toHaveText('$21.75');
    await expect(page.getByTestId('sandbox-item')).toContainText('Starter');
    await screenshots(page, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/payment-return`));
    await expect(page.getByTestId('payment-state')).toContainText('Payment received');
  });

  await test.step('watch processing until the portraits wait for review', async () => {
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/processing$`), { timeout: 10_000 });
    await expect(page.getByTestId('eta')).toContainText('within 48 hours');
    await screenshots(page, 'processing');
    // Reloading in the middle changes nothing: the page picks the live state up again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your portraits are in review', {
      timeout: 240_000,
    });
    await screenshots(page, 'processing-review');
    await expectAccessible(page, 'processing-review');
    // The results page says so too, instead of an empty gallery.
    await page.goto(`/photoshoot/${photoshootId}/results`);
    await expect(page.getByText('Your portraits are in review')).toBeVisible();
    await page.goto(`/photoshoot/${photoshootId}/processing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your portraits are in review');
  });

  await test.step('an operator releases the results; the page moves on by itself', async () => {
    const results = await su
      .collection('results')
      .getFullList({ filter: su.filter('photoshoot = {:id}', { id: photoshootId }) });
    expect(results.length).toBe(10);
    await su.send(`/api/admin/photoshoots/${photoshootId}/review`, {
      method: 'POST',
      body: { approve: results.map((r) => r.id), release: true },
    });
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/results$`), { timeout: 30_000 });
    await expect(page.getByTestId('result-card')).toHaveCount(10);
    // What the studio engine made, in honest words: the person's own photos, clothes and pose.
    await expect(page.getByText(/made from your own photos/)).toBeVisible();
    await expect(page.getByText(/new outfits/i)).toHaveCount(0);
  });

  await test.step('see, favourite, rate and download the portraits', async () => {
    const first = page.getByTestId('result-card').first();
    await first.getByRole('button', { name: /to favourites$/ }).click();
    await expect(first.getByRole('button', { name: /from favourites$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Stars are labels around visually hidden radios: tap the fourth star.
    await first
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 stars' }) })
      .click();
    await expect(first.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(page.getByText('Your change was not saved')).toHaveCount(0);
    await screenshots(page, 'results');
    await expectAccessible(page, 'results');

    // Saved on the server, not just on screen.
    await page.reload();
    await expect(
      page
        .getByTestId('result-card')
        .first()
        .getByRole('button', { name: /from favourites$/ }),
    ).toBeVisible();
    await expect(
      page.getByTestId('result-card').first().getByRole('radio', { name: '4 stars' }),
    ).toBeChecked();

    // Renamed after the person: the downloads take the name.
    await page.getByRole('button', { name: /^Rename / }).click();
    await page.getByLabel('Photoshoot name').fill('Jane Doe');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('photoshoot-title')).toHaveText('Jane Doe');
    expect((await su.collection('photoshoots').getOne(photoshootId)).title).toBe('Jane Doe');

    const single = page.waitForEvent('download');
    await page
      .getByTestId('result-card')
      .first()
      .getByRole('link', { name: /Download .* portrait 1 in full resolution/ })
      .click();
    const singleDownload = await single;
    expect(singleDownload.suggestedFilename()).toMatch(/^Jane-Doe_[A-Za-z0-9-]+_01\.jpg$/);
    const photo = await readFile(await singleDownload.path());
    expect([...photo.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const all = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all (zip)' }).click();
    const zipDownload = await all;
    // The title itself (RFC 6266 filename*), which the browser prefers to the ASCII fallback.
    expect(zipDownload.suggestedFilename()).toBe('Jane Doe.zip');
    const zip = await readFile(await zipDownload.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    // The entries carry the same names as single downloads (stored names sit in the zip's headers).
    expect(zip.includes(Buffer.from(singleDownload.suggestedFilename()))).toBe(true);
    expect(zip.includes(Buffer.from('_10.jpg'))).toBe(true);

    await page
      .getByTestId('result-card')
      .nth(1)
      .getByRole('button', { name: /^Open / })
      .click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toContainText('2 of 10');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).toContainText('3 of 10');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toContainText('1 of 10');
    await screenshots(page, 'lightbox');
    await page.keyboard.press('Escape');
    await expect(lightbox).toHaveCount(0);
  });

  await test.step('review the photoshoot and ask for a redo', async () => {
    await page.getByRole('link', { name: 'Rate & request redo' }).click();
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/review$`));
    await page
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '5 stars' }) })
      .first()
      .click();
    await expect(page.getByRole('radio', { name: '5 stars' }).first()).toBeChecked();
    await page.getByLabel(/Comment/).fill('Looks like me on a very good day.');
    await page.getByRole('button', { name: 'Send my review' }).click();
    await expect(page.getByText('Thank you! Your review is saved.')).toBeVisible();
    const saved = await su.collection('photoshoots').getOne(photoshootId);
    expect(saved.rating).toBe(5);
    expect(saved.reviewComment).toBe('Looks like me on a very good day.');

    // The box is visually hidden inside its thumbnail: a tap on the thumbnail flags it.
    const flag = page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: /^Redo / }) })
      .first();
    await flag.click();
    await expect(flag.getByRole('checkbox')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Redo 1 portrait' })).toBeEnabled();
    await screenshots(page, 'review');
    await expectAccessible(page, 'review');
    await page.getByRole('button', { name: 'Redo 1 portrait' }).click();
    // Asked first: what is redone, and that no free round is left after it.
    const confirm = page.getByRole('dialog', { name: 'Redo 1 portrait?' });
    await expect(confirm).toContainText('This uses your free redo round: there is none left after it.');
    // Each portrait may get a reason, for the team who checks the new one.
    const reason = confirm.getByRole('textbox', { name: /^What is wrong with .+ portrait 1\?/ });
    await expect(reason).toBeVisible();
    await screenshots(page, 'review-confirm');
    await expectAccessible(page, 'review-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect((await su.collection('photoshoots').getOne(photoshootId)).status).toBe('completed');
    await page.getByRole('button', { name: 'Redo 1 portrait' }).click();
    await reason.fill('The smile looks forced.');
    await page.getByRole('dialog').getByRole('button', { name: 'Use my redo round' }).click();
    await expect(page).toHaveURL(new RegExp(`/photoshoot/${photoshootId}/processing$`), { timeout: 15_000 });
    const asked = await su
      .collection('results')
      .getFullList({ filter: su.filter('photoshoot = {:id} && redoAskedAt != ""', { id: photoshootId }) });
    expect(asked.map((r) => r.redoReason)).toEqual(['The smile looks forced.']);
  });

  // The sandbox page of a settled payment says so instead of offering to pay again.
  await page.goto(paymentUrl);
  await expect(page.getByText(/already paid/)).toBeVisible();
});
