import { expect, test } from '@playwright/test';
import { client, disableRateLimits, newUser } from './support/api';
import { expectAccessible } from './support/axe';
import { portraits } from './support/portraits';
import { signInWithPassword } from './support/ui';
import { screenshots } from './support/screenshots';

/**
 * A team without a free seat: a member whose draft is ready is told on the styles step before any
 * click (Submit disabled, the reason shown), "Describe someone new" brings them back to the team
 * flow, and the team admin's dashboard shows them waiting for a seat with the number to buy and no
 * reminder to send them.
 */

async function signedIn(name: string) {
  const user = await newUser(name);
  const pb = client();
  await pb.collection('users').authWithPassword(user.email, user.password);
  return { ...user, pb };
}

test('a member without a free seat is told before clicking, and the admin sees them waiting', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await disableRateLimits();
  const { faces } = await portraits();
  const owner = await signedIn('Wanda Owner');
  const team = await owner.pb.send<{ id: string }>('/api/teams', {
    method: 'POST',
    body: { name: 'Seatless' },
  });
  const { items } = await owner.pb.send<{ items: { token: string }[] }>(`/api/teams/${team.id}/invites`, {
    method: 'POST',
    body: { maxUses: 5 },
  });
  const member = await signedIn('Walt Waiting');
  await member.pb.send(`/api/teams/invites/${items[0]!.token}/accept`, { method: 'POST' });
  const styles = await member.pb.collection('styles').getList(1, 1, { filter: 'active = true && team = ""' });
  const draft = await member.pb
    .collection('photoshoots')
    .create({ user: member.id, team: team.id, title: 'Walt headshots', styles: [styles.items[0]!.id] });
  for (const photo of faces.slice(0, 6)) {
    const form = new FormData();
    form.set('photoshoot', draft.id);
    form.set('user', member.id);
    form.set('file', new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
    await member.pb.collection('original_photos').create(form);
  }
  await expect
    .poll(
      async () =>
        (
          await member.pb.collection('original_photos').getFullList({
            filter: member.pb.filter('photoshoot = {:p} && qc = "accepted"', { p: draft.id }),
          })
        ).length,
      { timeout: 180_000 },
    )
    .toBe(6);

  const stylesPath = `/teams/${team.id}/photoshoots/${draft.id}/styles`;
  // Opened under the individual flow's path, the team photoshoot moves to its team flow.
  await page.goto(`/login?redirect=${encodeURIComponent(`/photoshoot/${draft.id}/styles`)}`);
  await signInWithPassword(page, member.email, member.password);
  await expect(page).toHaveURL(stylesPath);
  const note = page.getByTestId('seat-note');
  await expect(note).toContainText('No free seat in your team (0 free)');
  const submit = page.getByRole('button', { name: 'Submit on a team seat' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('aria-describedby', 'seat-note');
  await screenshots(page, 'styles-no-seat');
  await expectAccessible(page, 'team styles step without a free seat');

  await page.getByRole('link', { name: 'Describe someone new' }).click();
  // The styles step has checkboxes too: wait for the profile form before filling its field.
  await expect(page.getByRole('heading', { name: 'Describe the person photographed' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Name/ }).fill('Walt');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(stylesPath);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const dashboard = `/teams/${team.id}/photoshoots/dashboard`;
  await page.goto(`/login?redirect=${encodeURIComponent(dashboard)}`);
  await signInWithPassword(page, owner.email, owner.password);
  await expect(page).toHaveURL(dashboard);
  const row = page.getByTestId('member-row').filter({ hasText: 'Walt Waiting' });
  await expect(row).toContainText('Waiting for a seat');
  await expect(row.getByRole('button', { name: /^Remind/ })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: '1 member is waiting for a seat' })).toBeVisible();
  await expect(page.getByTestId('seats-to-buy')).toContainText(
    'Buy 1 more seat so everyone ready can submit.',
  );
  await screenshots(page, 'dashboard-waiting');
  await expectAccessible(page, 'team dashboard with a member waiting for a seat');
});
