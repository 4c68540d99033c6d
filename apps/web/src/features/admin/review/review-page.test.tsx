import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { newAccount, operatorClient } from '../../../testing/accounts';
import { renderApp } from '../../../testing/render-app';
import { resetAdminAuthForTests } from '../data/admin-auth-store';
import { adminPb } from '../data/admin-client';

/** A photoshoot in review with two results in each of two styles, as the worker leaves them. */
async function shootInReview(su: PocketBase): Promise<{ id: string; results: string[]; styles: string[] }> {
  const owner = await newAccount();
  const styles = (
    await su.collection('styles').getList(1, 2, { filter: 'active = true', sort: 'sortOrder' })
  ).items.map((s) => s.id);
  const shoot = await su
    .collection('photoshoots')
    .create({ user: owner.id, title: 'Keyboard review', styles, status: 'processing' });
  const results: string[] = [];
  for (const style of styles)
    for (const variant of [0, 1]) {
      // note: no file: jsdom's FormData does not travel through Node's fetch; the screen works on records.
      const r = await su.collection('results').create({
        photoshoot: shoot.id,
        user: owner.id,
        style,
        variant,
        review: 'pending',
        width: 4,
        height: 5,
      });
      results.push(r.id);
    }
  await su.collection('photoshoots').update(shoot.id, { status: 'review' });
  return { id: shoot.id, results, styles };
}

describe('the review screen from the keyboard', () => {
  let su: PocketBase;
  beforeAll(async () => {
    su = await operatorClient();
  });

  async function openReview(id: string) {
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    const view = renderApp(`/admin/photoshoots/${id}/review`);
    await screen.findByRole('heading', { level: 1, name: 'Review' });
    await waitFor(() => expect(screen.getAllByTestId('review-tile')).toHaveLength(4));
    return view;
  }

  const verdicts = async (id: string) =>
    Object.fromEntries(
      (
        await su
          .collection('results')
          .getFullList({ filter: su.filter('photoshoot = {:id}', { id }), sort: 'style,variant' })
      ).map((r) => [r.id, `${r.review}${r.reviewNote ? `:${r.reviewNote}` : ''}`]),
    );

  it('approves with A, rejects with R and a reason, approves a style with Shift+A, and releases with Shift+R', async () => {
    const shoot = await shootInReview(su);
    await openReview(shoot.id);
    const user = userEvent.setup();
    const [a1, a2, b1, b2] = shoot.results as [string, string, string, string];

    // The shortcuts are on the page.
    const keyboard = screen.getByRole('complementary', { name: 'Keyboard' });
    expect(within(keyboard).getByText('Reject with a reason')).toBeTruthy();

    // Focus starts on the first result waiting; A approves it and moves on to the next waiting.
    await user.keyboard('a');
    await waitFor(async () => expect((await verdicts(shoot.id))[a1]).toBe('approved'));
    expect(document.activeElement?.closest('[data-result-id]')?.getAttribute('data-result-id')).toBe(a2);

    // R asks for a reason; Enter rejects with it.
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    // Shortcuts are off while the dialog is open: typing "a" is text, not an approval.
    await user.type(within(dialog).getByLabelText(/Reason/), 'eyes closed, a bit blurry');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = await verdicts(shoot.id);
    expect(after[a2]).toBe('rejected:eyes closed, a bit blurry');
    expect(after[b1]).toBe('pending');

    // Release is refused while results wait: the button says so by being disabled.
    expect((screen.getByRole('button', { name: 'Release' }) as HTMLButtonElement).disabled).toBe(true);

    // ↓ goes to the next style; Shift+A approves all of it.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.closest('[data-result-id]')?.getAttribute('data-result-id')).toBe(b2);
    await user.keyboard('{Shift>}A{/Shift}');
    await waitFor(async () => {
      const v = await verdicts(shoot.id);
      expect([v[b1], v[b2]]).toEqual(['approved', 'approved']);
    });

    // Enter opens the focused result large; Escape closes it.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /2$/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // A verdict given elsewhere (another operator) shows up live.
    await su.send(`/api/admin/photoshoots/${shoot.id}/review`, { method: 'POST', body: { approve: [a2] } });
    await waitFor(() =>
      expect(document.querySelector(`[data-result-id="${a2}"]`)?.getAttribute('data-review')).toBe(
        'approved',
      ),
    );

    // Shift+R asks before releasing, saying who is mailed.
    await user.keyboard('{Shift>}R{/Shift}');
    const confirm = await screen.findByRole('dialog', { name: 'Release to the customer?' });
    expect(confirm.textContent).toContain('4 approved portraits');
    await user.click(within(confirm).getByRole('button', { name: 'Release' }));
    await waitFor(async () =>
      expect((await su.collection('photoshoots').getOne(shoot.id)).status).toBe('completed'),
    );
  });

  it('shows the customer’s redo request on the redone portrait, with their reason when they gave one', async () => {
    const shoot = await shootInReview(su);
    const [a1, a2] = shoot.results as [string, string];
    const asked = new Date().toISOString().replace('T', ' ');
    await su.collection('results').update(a1, { redoAskedAt: asked, redoReason: 'My eyes look closed.' });
    await su.collection('results').update(a2, { redoAskedAt: asked, redoReason: '' });
    await openReview(shoot.id);
    const tile = (id: string) => document.querySelector(`[data-result-id="${id}"]`) as HTMLElement;
    expect(within(tile(a1)).getByTestId('redo-request').textContent).toMatch(
      /^Redo asked .+: “My eyes look closed\.”$/,
    );
    expect(within(tile(a2)).getByTestId('redo-request').textContent).toMatch(/\(no reason given\)$/);
    expect(within(tile(shoot.results[2]!)).queryByTestId('redo-request')).toBeNull();
  });

  it('says the first run is processing, and a run after a rejection is regenerating', async () => {
    const shoot = await shootInReview(su);
    await su.collection('photoshoots').update(shoot.id, { status: 'processing' });
    adminPb.authStore.save(su.authStore.token, su.authStore.record);
    resetAdminAuthForTests();
    renderApp(`/admin/photoshoots/${shoot.id}/review`);
    await waitFor(() => expect(screen.getAllByTestId('review-tile')).toHaveLength(4));
    expect(screen.getByText(/^Processing: the portraits appear here/)).toBeTruthy();
    expect(screen.queryByText(/^Regenerating/)).toBeNull();

    // The open screen follows the rejection live.
    await su.collection('results').update(shoot.results[0]!, { review: 'rejected', reviewNote: 'blurry' });
    expect(
      await screen.findByText(/^Regenerating: the replacements appear here/, undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
