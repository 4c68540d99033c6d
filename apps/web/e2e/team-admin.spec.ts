import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { client, disableRateLimits, newUser } from './support/api';
import { signInWithPassword } from './support/ui';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';

/**
 * The team admin's side against the real built server: from the dashboard's "Create a team" to a
 * team with seats bought in the sandbox, its styles locked, a brand backdrop uploaded with visible
 * progress, and an invite link copied; a member sees the team without the admin's tools.
 * Screenshots of every page at phone and desktop widths are saved on the way (support/screenshots.ts).
 */

/** A photo big enough (noise does not compress) that its upload takes a while on a slow link. */
async function bigBackdrop(): Promise<Buffer> {
  const width = 1200;
  const height = 1500;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

test('a team admin creates a team, buys seats, sets the look and invites', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await disableRateLimits();
  const admin = await newUser('Tess Admin');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  let teamId = '';

  await test.step('the dashboard leads to /teams/new', async () => {
    await page.goto('/login');
    await signInWithPassword(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Create a team' }).click();
    await expect(page).toHaveURL(/\/teams\/new$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create a team');
    await screenshots(page, 'teams-new');
  });

  await test.step('create the team', async () => {
    await page.getByLabel('Team name').fill('Acme sales');
    await page.getByLabel(/Company/).fill('Acme Inc.');
    await page.getByRole('button', { name: 'Create the team' }).click();
    await expect(page).toHaveURL(/\/teams\/[a-z0-9]+\/team-packages$/);
    teamId = new URL(page.url()).pathname.split('/')[2]!;
  });

  await test.step('buy 3 seats in the sandbox', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy seats');
    await page.getByTestId('team-package-card').filter({ hasText: 'Team seat' }).click();
    await page.getByLabel('How many').fill('3');
    await expect(page.getByTestId('team-order-summary')).toContainText('3 (you will have 3)');
    await expect(page.getByTestId('team-order-summary')).toContainText('Total$135.00');
    await screenshots(page, 'team-packages');
    await expectAccessible(page, 'team-packages');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/sandbox\/checkout\/[a-z0-9]+$/);
    await expect(page.getByTestId('sandbox-amount')).toHaveText('$135.00');
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await expect(page).toHaveURL(/\/teams\/payment-return\?/);
    const state = page.getByTestId('payment-state');
    await expect(state).toContainText('Payment received: seats added');
    await expect(state).toContainText('Acme sales now has 3 seats, 3 free.');
    await screenshots(page, 'teams-payment-return');
  });

  await test.step('pick and lock the team styles, upload a brand backdrop with visible progress', async () => {
    await page.getByRole('link', { name: 'Pick the team’s look' }).click();
    await expect(page).toHaveURL(`/teams/${teamId}/team-styles`);
    const styles = page.locator('fieldset label');
    await styles.nth(0).click();
    await styles.nth(1).click();
    await expect(page.locator('fieldset').getByRole('checkbox', { checked: true })).toHaveCount(2);
    await page.getByRole('checkbox', { name: /Lock the styles/ }).check();
    await page.getByRole('button', { name: 'Save styles' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();

    // A slow uplink, so the progress of a real upload can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400_000,
    });
    const file = await bigBackdrop();
    await page
      .getByLabel('Brand backdrop')
      .setInputFiles({ name: 'office.jpg', mimeType: 'image/jpeg', buffer: file });
    const bar = page.getByRole('progressbar', { name: 'Uploading the brand backdrop' });
    await expect(bar).toBeVisible();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshots(page, 'team-styles-uploading');
    await expect(page.getByText('Brand backdrop saved.')).toBeVisible({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByTestId('preview-backdrop')).toHaveAttribute('src', /\/api\/files\//);
    const logo = await sharp({ create: { width: 240, height: 80, channels: 3, background: '#4338ca' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Logo')
      .setInputFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByText('Logo saved.')).toBeVisible();
    await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', /\/api\/files\/.+acme_logo/);
    await screenshots(page, 'team-styles');
    await expectAccessible(page, 'team-styles');
    const team = await page.evaluate(async (id) => {
      const stored = JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as { token?: string };
      const res = await fetch(`/api/collections/teams/records/${id}`, {
        headers: { Authorization: stored.token ?? '' },
      });
      return (await res.json()) as { styles: string[]; stylesLocked: boolean; brandBackdrop: string };
    }, teamId);
    expect(team.styles).toHaveLength(2);
    expect(team.stylesLocked).toBe(true);
    expect(team.brandBackdrop).toMatch(/^office.*\.jpg$/);
  });

  await test.step('make and copy an invite link; see seats, members and invites', async () => {
    await page.goto(`/teams/${teamId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme sales');
    await expect(page.getByTestId('seats-summary')).toHaveText('0 used · 3 free · 3 bought');
    await expect(page.getByTestId('look-summary')).toContainText('2 styles chosen');
    await expect(page.getByTestId('look-summary')).toContainText('Locked');
    await page.getByLabel(/Usage limit/).fill('10');
    await page.getByRole('button', { name: 'Create link' }).click();
    const link = page.getByTestId('new-invite-link');
    await expect(link).toHaveText(new RegExp(`^${baseURL}/teams/invite/[A-Za-z0-9]{32,64}$`));
    await page.getByRole('status').filter({ has: link }).getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.textContent());
    await expect(page.getByRole('list', { name: 'Invite links' })).toContainText('0 of 10 uses');
    await screenshots(page, 'team-home');
    await expectAccessible(page, 'team-home');
  });

  await test.step('a member who joins through the link sees the team without the admin’s tools', async () => {
    const token = (await page.getByTestId('new-invite-link').textContent())!.split('/').pop()!;
    const member = await newUser('Max Member');
    const pb = client();
    await pb.collection('users').authWithPassword(member.email, member.password);
    await pb.send(`/api/teams/invites/${token}/accept`, { method: 'POST' });
    await page.reload();
    await expect(page.getByRole('list', { name: 'Team members' })).toContainText('Max Member');

    const other = await page.context().browser()!.newContext({ baseURL });
    const memberPage = await other.newPage();
    await memberPage.goto('/login');
    await signInWithPassword(memberPage, member.email, member.password);
    await expect(memberPage).toHaveURL(/\/dashboard$/);
    await memberPage.goto('/teams');
    await expect(memberPage.getByRole('heading', { level: 2, name: 'Acme sales' })).toBeVisible();
    await screenshots(memberPage, 'teams-list-member');
    await memberPage.goto(`/teams/${teamId}`);
    await expect(memberPage.getByRole('button', { name: 'Leave Acme sales' })).toBeVisible();
    await expect(memberPage.getByRole('heading', { name: 'Invites' })).toHaveCount(0);
    await screenshots(memberPage, 'team-home-member');
    await memberPage.goto(`/teams/${teamId}/team-packages`);
    await expect(memberPage.getByText('Only team admins can do this')).toBeVisible();
    await other.close();
  });

  await test.step('my teams', async () => {
    await page.goto('/teams');
    await expect(page.getByRole('heading', { level: 2, name: 'Acme sales' })).toBeVisible();
    await expect(page.getByText('0 of 3 seats used · 3 free')).toBeVisible();
    await screenshots(page, 'teams-list');
  });
});
