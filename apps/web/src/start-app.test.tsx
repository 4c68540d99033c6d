import { screen, waitFor, within } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAuthForTests } from './lib/auth-store';
import { pb } from './lib/pb';
import { renderHome } from './prerender-home';
import { startApp } from './start-app';
import { newAccount } from './testing/accounts';

/**
 * The prerendered landing page is hydrated, not replaced: the first client render matches the
 * build's markup for a guest and for a signed-in visitor alike (the development build of React
 * reports every mismatch, attributes included), and the hero stays the node painted from the HTML.
 */
describe('startApp on the prerendered landing page', () => {
  let mounted: Root | undefined;
  afterEach(() => {
    mounted?.unmount();
    mounted = undefined;
    document.getElementById('root')?.remove();
  });

  /** The build's markup (rendered for a guest, as the build is), then the app started over it. */
  async function hydrateHome(visitor: () => Promise<void>) {
    resetAuthForTests();
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = await renderHome();
    document.body.append(root);
    await visitor();
    resetAuthForTests();
    const hero = root.querySelector('#hero-title')?.nextElementSibling;
    expect(hero?.textContent).toMatch(/^Upload a few clear photos of yourself/);

    const recoverable: unknown[] = [];
    const logged = vi.spyOn(console, 'error');
    mounted = await startApp(root, { onRecoverableError: (error) => recoverable.push(error) });
    // Hydrated and then updated: the catalogue loaded and the year filled in by the client.
    await screen.findByRole('heading', { name: 'Professional' }, { timeout: 10_000 });
    await waitFor(() => expect(root.querySelector('footer')?.textContent).toMatch(/© \d{4} Photoshoot/));
    return { root, hero, recoverable, logged: logged.mock.calls.map((args) => args.map(String).join(' ')) };
  }

  it('keeps a guest’s hero node and reports no mismatch', async () => {
    const { root, hero, recoverable, logged } = await hydrateHome(async () => undefined);
    expect(recoverable).toEqual([]);
    expect(logged.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
    expect(root.querySelector('#hero-title')?.nextElementSibling).toBe(hero);
    expect(within(root.querySelector('header')!).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('keeps a signed-in visitor’s hero node and switches to their header after hydrating', async () => {
    const { root, hero, recoverable, logged } = await hydrateHome(async () => {
      const account = await newAccount();
      await pb.collection('users').authWithPassword(account.email, account.password);
    });
    expect(recoverable).toEqual([]);
    expect(logged.filter((line) => /hydrat|did not match/i.test(line))).toEqual([]);
    expect(root.querySelector('#hero-title')?.nextElementSibling).toBe(hero);
    const header = within(root.querySelector('header')!);
    await waitFor(() => expect(header.getAllByRole('link', { name: 'Dashboard' }).length).toBeGreaterThan(0));
    expect(header.queryByRole('link', { name: 'Sign in' })).toBeNull();
    const heroBlock = within(root.querySelector('#hero-title')!.parentElement!);
    await waitFor(() => expect(heroBlock.getByRole('link', { name: 'Go to your dashboard' })).toBeTruthy());
  });
});
