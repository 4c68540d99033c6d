import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pb } from '../../../lib/pb';
import { newAccount, operatorClient, otherClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';

/** A completed photoshoot of `owner` with one released portrait, as delivery leaves it. */
async function completedShoot(owner: { id: string }): Promise<string> {
  const su = await operatorClient();
  const [style] = (await su.collection('styles').getList(1, 1, { filter: 'active = true' })).items;
  const shoot = await su
    .collection('photoshoots')
    .create({ user: owner.id, title: 'Released', styles: [style!.id], status: 'processing' });
  // note: no file: jsdom's FormData does not travel through Node's fetch; the page works on records.
  await su.collection('results').create({
    photoshoot: shoot.id,
    user: owner.id,
    style: style!.id,
    variant: 0,
    review: 'approved',
    released: true,
    width: 4,
    height: 5,
  });
  await su.collection('photoshoots').update(shoot.id, { status: 'completed' });
  return shoot.id;
}

describe('the results page when the session ends elsewhere', () => {
  it('says the person was signed out after a password change on another device, not "no portraits"', async () => {
    const owner = await newAccount();
    const id = await completedShoot(owner);
    await pb.collection('users').authWithPassword(owner.email, owner.password);
    renderApp(`/photoshoot/${id}/results`);
    expect(await screen.findAllByTestId('result-card')).toHaveLength(1);

    // Another browser changes the password: every session of the account ends.
    const elsewhere = otherClient();
    await elsewhere.collection('users').authWithPassword(owner.email, owner.password);
    await elsewhere.collection('users').update(owner.id, {
      oldPassword: owner.password,
      password: 'another-good-password-2',
      passwordConfirm: 'another-good-password-2',
    });

    const notice = await screen.findByRole('heading', { name: 'You have been signed out' });
    expect(notice.closest('[role="alert"]')?.textContent).toContain('password was changed or reset');
    expect(screen.queryByText('No portraits released yet')).toBeNull();
    expect(screen.queryAllByTestId('result-card')).toHaveLength(0);
    const again = screen.getByRole('link', { name: 'Sign in again' });
    expect(new URL(again.getAttribute('href')!, 'http://x').searchParams.get('redirect')).toBe(
      `/photoshoot/${id}/results`,
    );
    await waitFor(() => expect(pb.authStore.token).toBe(''));
  });
});
