import { expect, test, type Page } from '@playwright/test';
import { client, disableRateLimits, newUser, superuser } from './support/api';
import { mailText, startSmtp } from './support/smtp';
import { signInWithPassword } from './support/ui';
import { expectAccessible } from './support/axe';
import { screenshots } from './support/screenshots';

/** /settings and /profiles/new end to end: profile and avatar, password change, account deletion. */

// A valid 2x2 PNG (the server sniffs the bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeAll(disableRateLimits);

test('profile, avatar and password change (re-authenticating first)', async ({ page }) => {
  const user = await newUser('Sasha Settings');
  await page.goto('/login?redirect=%2Fsettings');
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Name').fill('Sasha Renamed');
  await profile.getByLabel(/Company/).fill('Acme Ltd');
  await profile
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(profile.getByRole('img', { name: 'Your avatar' })).toHaveAttribute('src', /^blob:/);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByText('Your profile has been saved.')).toBeVisible();
  await expect(profile.getByRole('img', { name: 'Your avatar' })).toHaveAttribute(
    'src',
    /\/api\/files\/.+\?thumb=100x100/,
  );

  const pb = client();
  await pb.collection('users').authWithPassword(user.email, user.password);
  const stored = await pb.collection('users').getOne(user.id);
  expect(stored).toMatchObject({ name: 'Sasha Renamed', companyName: 'Acme Ltd' });
  expect(stored.avatar).not.toBe('');

  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('Current password').fill('not-my-password');
  await password.getByLabel('New password', { exact: true }).fill('a-newer-password-9');
  await password.getByLabel('Confirm new password').fill('a-newer-password-9');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your current password is not correct.')).toBeVisible();
  // The wrong password is said on its field, which takes the focus; no second message above the form.
  await expect(password.getByLabel('Current password')).toBeFocused();
  await expect(password.getByRole('alert')).toHaveCount(0);

  await password.getByLabel('Current password').fill(user.password);
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('Your password has been changed.')).toBeVisible();
  // Still signed in on this device after the change (it signed in again with the new password).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(
    client().collection('users').authWithPassword(user.email, 'a-newer-password-9'),
  ).resolves.toBeTruthy();
});

test('describing the person photographed creates a private profile', async ({ page }) => {
  const user = await newUser('Pia Profile');
  await page.goto('/login?redirect=%2Fprofiles%2Fnew');
  await signInWithPassword(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Describe the person photographed');
  await page.getByLabel('Name', { exact: true }).fill('Me');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Age range').selectOption('35-44');
  await page.getByLabel(/^Hair/).fill('short, dark brown');
  await page.getByLabel('Wears glasses in the portraits').check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('“Me” is saved.')).toBeVisible();
  const pb = client();
  await pb.collection('users').authWithPassword(user.email, user.password);
  const [profile] = await pb.collection('profiles').getFullList({ batch: 500 });
  expect(profile).toMatchObject({
    user: user.id,
    name: 'Me',
    gender: 'female',
    ageRange: '35-44',
    hair: 'short, dark brown',
    glasses: true,
  });
});

test('deleting the account needs the password, signs out and says so', async ({ page }) => {
  // Mail through a real SMTP server: the home page may promise the confirmation only because it
  // is sent (with SMTP off it says nothing of a mail; the component test covers that).
  const smtp = await startSmtp();
  const su = await superuser();
  await su.settings.update({
    smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, username: '', password: '', tls: false },
  });
  try {
    await deleteAndSeeTheNotice(page, smtp);
  } finally {
    await su.settings.update({ smtp: { enabled: false } });
    await smtp.close();
  }
});

async function deleteAndSeeTheNotice(page: Page, smtp: Awaited<ReturnType<typeof startSmtp>>): Promise<void> {
  const user = await newUser('Dee Delete');
  await page.goto('/login?redirect=%2Fsettings');
  await signInWithPassword(page, user.email, user.password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Your password is not correct.');
  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete permanently' }).click();
  await expect(page).toHaveURL('/');
  // The home page says it is done and where the confirmation goes.
  const notice = page.getByRole('status').filter({ hasText: 'Your account was deleted' });
  await expect(notice).toContainText(`A confirmation email is on its way to ${user.email}.`);
  expect(mailText((await smtp.waitFor(user.email)).raw)).toMatch(/deleted/i);
  await expectAccessible(page, 'account-deleted');
  await screenshots(page, 'account-deleted', { inView: true });
  expect(await page.evaluate(() => localStorage.getItem('pocketbase_auth'))).toBeNull();
  await expect(
    client().collection('users').authWithPassword(user.email, user.password),
  ).rejects.toMatchObject({ status: 400 });
}
