import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type PocketBase from 'pocketbase';
import { client, disableRateLimits, newUser, superuser } from './support/api';
import { portraits, type Upload } from './support/portraits';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * The member side of a team against the real server (built app, real upload checks, real worker,
 * sandbox payments). The team is set up through the API: created, 3 seats bought in the sandbox,
 * an invite link made. In the browser, a new person opens the link (a guest sees the team first),
 * registers, joins, uploads selfies, chooses a style and submits on a seat; an operator releases
 * the portraits; the team admin's dashboard shows the member as ready and the zip has the
 * member's folder. Two more
 * members take the last seats, so a fourth is told in words that no seat is free; an expired
 * link shows its own page. Screenshots of each team page at 390 and 1280 px are saved on the way
 * (support/screenshots.ts).
 */

const NO_FREE_SEAT = 'No free seat: ask your team admin to buy more.';

type Person = { id: string; email: string; password: string; name: string; pb: PocketBase };

async function signedIn(name: string): Promise<Person> {
  const user = await newUser(name);
  const pb = client();
  await pb.collection('users').authWithPassword(user.email, user.password);
  return { ...user, pb };
}

/** Uploads photos through the API and waits for the upload checks to accept them all. */
async function acceptedUploads(who: Person, photoshoot: string, photos: Upload[]): Promise<void> {
  for (const photo of photos) {
    const form = new FormData();
    form.set('photoshoot', photoshoot);
    form.set('user', who.id);
    form.set('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
    await who.pb.collection('original_photos').create(form);
  }
  await expect
    .poll(
      async () =>
        (
          await who.pb
            .collection('original_photos')
            .getFullList({ filter: who.pb.filter('photoshoot = {:p} && qc = "accepted"', { p: photoshoot }) })
        ).length,
      { timeout: 120_000 },
    )
    .toBe(photos.length);
}

/** A member who joined through the invite and has a draft with accepted photos and one style. */
async function readyMember(name: string, token: string, teamId: string, style: string, photos: Upload[]) {
  const who = await signedIn(name);
  await who.pb.send(`/api/teams/invites/${token}/accept`, { method: 'POST' });
  const draft = await who.pb
    .collection('photoshoots')
    .create({ user: who.id, team: teamId, title: `${name} headshots`, styles: [style] });
  await acceptedUploads(who, draft.id, photos);
  return { who, photoshoot: draft.id };
}

test('a member joins by link, submits on a seat, and the team admin follows and downloads', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await disableRateLimits();
  const su = await superuser();
  const { faces } = await portraits();
  const selfies = faces.slice(0, 6);

  // The team, set up by its owner through the API: 3 seats bought in the sandbox, a shareable link.
  const owner = await signedIn('Olive Owner');
  const team = await owner.pb.send<{ id: string }>('/api/teams', {
    method: 'POST',
    body: { name: 'Northwind', company: 'Northwind Traders' },
  });
  const perSeat = await su.collection('packages').getFirstListItem(su.filter('slug = "team-seat"'));
  const order = await owner.pb.send<{ payment: { id: string } }>(`/api/teams/${team.id}/checkout`, {
    method: 'POST',
    body: { package: perSeat.id, quantity: 3 },
  });
  await owner.pb.send(`/api/payments/sandbox/${order.payment.id}/complete`, {
    method: 'POST',
    body: { outcome: 'paid' },
  });
  expect(await owner.pb.collection('teams').getOne(team.id)).toMatchObject({ seatsTotal: 3, seatsUsed: 0 });
  const { items } = await owner.pb.send<{ items: { token: string }[] }>(`/api/teams/${team.id}/invites`, {
    method: 'POST',
    body: { maxUses: 10 },
  });
  const token = items[0]!.token;
  const email = `newcomer-${Date.now()}@example.com`;
  let photoshootId = '';
  let style = '';

  await test.step('a new person opens the link, registers and joins', async () => {
    // A guest sees which team invites them before making an account.
    await page.goto(`/teams/invite/${token}`);
    await expect(page.getByRole('heading', { name: 'You are invited to join Northwind' })).toBeVisible();
    await expect(page.getByText('Northwind Traders')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in and join' })).toBeVisible();
    await screenshots(page, 'invite-guest');
    await page.getByRole('link', { name: 'Create an account and join' }).click();
    await expect(page).toHaveURL(/\/register\?redirect=/);
    await page.getByLabel('Name').fill('Nora Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await page.getByLabel('Confirm password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(`/teams/invite/${token}`);
    await expect(page.getByRole('heading', { name: 'You are invited to join Northwind' })).toBeVisible();
    await screenshots(page, 'invite');
    await page.getByRole('button', { name: 'Join Northwind' }).click();
    await expect(page).toHaveURL(`/teams/${team.id}/photoshoots/create`);
    await expect(page.getByTestId('seats-free')).toHaveText('3 seats free in your team right now.');
    await screenshots(page, 'create');
    await page.getByRole('button', { name: 'Start my photoshoot' }).click();
    await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/photoshoots/[a-z0-9]+/upload$`));
    photoshootId = page.url().split('/').at(-2)!;
  });

  await test.step('uploads selfies, chooses a style and submits on a seat (no payment step)', async () => {
    await expect(page.getByRole('navigation', { name: 'Photoshoot steps' })).not.toContainText('Payment');
    await page.getByLabel('Choose photos').setInputFiles(selfies);
    await expect(page.getByTestId('photo-tile').and(page.locator('[data-qc="accepted"]'))).toHaveCount(6, {
      timeout: 120_000,
    });
    await page.getByRole('button', { name: 'Continue to styles' }).click();
    await expect(page).toHaveURL(new RegExp(`/photoshoots/${photoshootId}/styles$`));
    await page.getByTestId('style-card').first().click();
    await expect(page.getByTestId('selection-status')).toHaveText('1 of 3 chosen.');
    await expect(page.getByTestId('seat-note')).toContainText('3 free');
    await screenshots(page, 'styles-submit');
    await page.getByRole('button', { name: 'Submit on a team seat' }).click();
    await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/photoshoots/${photoshootId}/processing$`));
    expect((await owner.pb.collection('teams').getOne(team.id)).seatsUsed).toBe(1);
    style = (await su.collection('photoshoots').getOne(photoshootId)).styles[0];
    await page.goto(`/teams/${team.id}/photoshoots`);
    await expect(page.getByRole('heading', { name: 'Your photoshoots' })).toBeVisible();
    await expect(page.getByText('Submitted').or(page.getByText('Processing'))).toBeVisible();
    await screenshots(page, 'photoshoots-member');
  });

  await test.step('an operator releases the portraits', async () => {
    await expect
      .poll(async () => (await su.collection('photoshoots').getOne(photoshootId)).status, {
        timeout: 300_000,
        intervals: [1000],
      })
      .toBe('review');
    const results = await su
      .collection('results')
      .getFullList({ filter: su.filter('photoshoot = {:id}', { id: photoshootId }) });
    expect(results.length).toBeGreaterThan(0);
    await su.send(`/api/admin/photoshoots/${photoshootId}/review`, {
      method: 'POST',
      body: { approve: results.map((r) => r.id), release: true },
    });
    // The member marks a favourite, which the admin's dashboard shows.
    const member = client();
    await member.collection('users').authWithPassword(email, 'a-long-password-1');
    await member.collection('results').update(results[0]!.id, { favorite: true });
  });

  await test.step('the team admin sees the member ready and downloads the zip with their folder', async () => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/login?redirect=${encodeURIComponent(`/teams/${team.id}/photoshoots/dashboard`)}`);
    await signInWithPassword(page, owner.email, owner.password);
    await expect(page).toHaveURL(`/teams/${team.id}/photoshoots/dashboard`);
    const row = page.getByTestId('member-row').filter({ hasText: 'Nora Newcomer' });
    await expect(row).toHaveAttribute('data-state', 'completed');
    await expect(row).toContainText('Ready');
    await expect(page.getByRole('list', { name: 'Portraits of Nora Newcomer' })).toBeVisible();
    await page.getByRole('button', { name: 'Members’ favourites only' }).click();
    await expect(
      page.getByRole('list', { name: 'Portraits of Nora Newcomer' }).getByRole('listitem'),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'Members’ favourites only' }).click();
    await screenshots(page, 'dashboard');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all (zip)' }).click();
    const zip = await readFile(await (await download).path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    const members = await owner.pb
      .collection('team_members')
      .getFullList({ filter: owner.pb.filter('team = {:t}', { t: team.id }), expand: 'user' });
    const nora = members.find((m) => m.expand?.user?.name === 'Nora Newcomer')!;
    // Stored names sit in the zip's headers: one folder for the member.
    expect(zip.includes(Buffer.from(`nora-newcomer-${String(nora.user).slice(0, 5)}/`))).toBe(true);
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Members (CSV)' }).click();
    const csv = await readFile(await (await csvDownload).path(), 'utf8');
    expect(csv).toMatch(/"Nora Newcomer","[^"]+","member","completed"/);
    // The owner (not started) can be reminded once; the reminder is then said to be sent.
    const ownerRow = page.getByTestId('member-row').filter({ hasText: 'Olive Owner' });
    await ownerRow.getByRole('button', { name: 'Remind Olive Owner' }).click();
    await expect(page.getByText('Reminder sent to 1 member.')).toBeVisible();
    await expect(ownerRow).toContainText('Reminded');
    await page.goto(`/teams/${team.id}/photoshoots`);
    await expect(page.getByRole('heading', { name: 'Everyone’s photoshoots' })).toBeVisible();
    await expect(page.getByText('Nora Newcomer')).toBeVisible();
    await screenshots(page, 'photoshoots-admin');
    await page.goto(`/teams/${team.id}/photoshoots/test`);
    await expect(page.getByRole('button', { name: 'Start a test shoot' })).toBeVisible();
    await screenshots(page, 'test-shoot');
    // The test shoot is the team flow on a draft of the admin's own, marked as a test (no seat).
    await page.getByRole('button', { name: 'Start a test shoot' }).click();
    await expect(page).toHaveURL(new RegExp(`/teams/${team.id}/photoshoots/[a-z0-9]+/upload$`));
    const testShoot = await su.collection('photoshoots').getOne(page.url().split('/').at(-2)!);
    expect(testShoot).toMatchObject({ isTest: true, team: team.id, user: owner.id, status: 'draft' });
  });

  await test.step('with the last seats taken, a fourth member is told no seat is free', async () => {
    for (const name of ['Sam Second', 'Tia Third']) {
      const { who, photoshoot } = await readyMember(name, token, team.id, style, selfies);
      await who.pb.send(`/api/teams/${team.id}/photoshoots/${photoshoot}/submit`, { method: 'POST' });
    }
    expect((await owner.pb.collection('teams').getOne(team.id)).seatsUsed).toBe(3);
    const fourth = await readyMember('Finn Fourth', token, team.id, style, selfies);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const styles = `/teams/${team.id}/photoshoots/${fourth.photoshoot}/styles`;
    await page.goto(`/login?redirect=${encodeURIComponent(styles)}`);
    await signInWithPassword(page, fourth.who.email, fourth.who.password);
    await expect(page).toHaveURL(styles);
    // Told before any click: the reason is shown and Submit is disabled.
    await expect(page.getByTestId('seat-note')).toContainText('No free seat in your team (0 free)');
    await expect(page.getByRole('button', { name: 'Submit on a team seat' })).toBeDisabled();
    await screenshots(page, 'styles-no-seat');
    // The server refuses in words all the same.
    const refused = await fourth.who.pb
      .send(`/api/teams/${team.id}/photoshoots/${fourth.photoshoot}/submit`, { method: 'POST' })
      .catch((err: { message: string }) => err.message);
    expect(refused).toBe(NO_FREE_SEAT);
    expect((await su.collection('photoshoots').getOne(fourth.photoshoot)).status).toBe('draft');
  });

  await test.step('an expired link shows its page', async () => {
    // An invite cannot be made already expired, so one is made and then aged by an operator.
    const { items: expired } = await owner.pb.send<{ items: { id: string; token: string }[] }>(
      `/api/teams/${team.id}/invites`,
      { method: 'POST', body: {} },
    );
    await su.collection('team_invites').update(expired[0]!.id, { expiresAt: '2020-01-01 00:00:00.000Z' });
    await page.goto(`/teams/invite/${expired[0]!.token}`);
    await expect(page.getByTestId('invite-state')).toHaveAttribute('data-state', 'expired');
    await expect(page.getByRole('heading', { name: 'This invite link has expired' })).toBeVisible();
    await expect(page.getByText('Ask your team admin for a new one.')).toBeVisible();
    await screenshots(page, 'invite-expired');
    await page.goto(`/teams/invite/${token}`);
    await expect(page.getByRole('heading', { name: 'You are already in this team' })).toBeVisible();
    await screenshots(page, 'invite-member');
  });
});
