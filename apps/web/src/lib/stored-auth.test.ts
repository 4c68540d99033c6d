import { isTokenExpired } from 'pocketbase';
import { describe, expect, it, vi } from 'vitest';
import { newAccount } from '../testing/accounts';
import { pb } from './pb';
import { isTokenValid, readStoredAuth, STORED_AUTH_KEY } from './stored-auth';

/** An unsigned token with the given payload (only its payload matters to these checks). */
const token = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.signature`;

describe('the stored session, read without the SDK', () => {
  it('is what the SDK stored after a sign-in', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    const stored = readStoredAuth();
    expect(stored.token).toBe(pb.authStore.token);
    expect(stored.record?.id).toBe(account.id);
    expect(stored.record?.collectionName).toBe('users');
    expect(isTokenValid(stored.token)).toBe(true);
  });

  it('judges tokens exactly as the SDK does', () => {
    const now = Date.now();
    const tokens = [
      '',
      'not-a-token',
      'a.%%%.c',
      token({ id: 'x', exp: Math.floor(now / 1000) + 600 }),
      token({ id: 'x', exp: Math.floor(now / 1000) - 600 }),
      token({ id: 'x' }),
      token({}),
      token(null),
      token({ id: 'ü', exp: Math.floor(now / 1000) + 600 }),
    ];
    for (const t of tokens) expect([t, isTokenValid(t, now)]).toEqual([t, !isTokenExpired(t)]);
  });

  it('is empty when nothing or garbage is stored', () => {
    expect(readStoredAuth()).toEqual({ token: '', record: null });
    localStorage.setItem(STORED_AUTH_KEY, '{not json');
    expect(readStoredAuth()).toEqual({ token: '', record: null });
    localStorage.setItem(STORED_AUTH_KEY, JSON.stringify({ token: 42, record: 'x' }));
    expect(readStoredAuth()).toEqual({ token: '', record: null });
  });

  it('gives the auth state before the SDK loads, follows other tabs and signs out', async () => {
    const account = await newAccount();
    await pb.collection('users').authWithPassword(account.email, account.password);
    const saved = localStorage.getItem(STORED_AUTH_KEY);
    // A fresh module graph: this auth store has not seen the SDK (as on the landing page).
    vi.resetModules();
    const fresh = await import('./auth-store');
    expect(fresh.authStore.getState()).toMatchObject({ user: { id: account.id }, token: pb.authStore.token });

    localStorage.removeItem(STORED_AUTH_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: STORED_AUTH_KEY }));
    expect(fresh.authStore.getState()).toMatchObject({ user: null, token: '' });

    localStorage.setItem(STORED_AUTH_KEY, saved ?? '');
    window.dispatchEvent(new StorageEvent('storage', { key: STORED_AUTH_KEY }));
    expect(fresh.authStore.getState().user?.id).toBe(account.id);

    fresh.signOut();
    expect(fresh.authStore.getState()).toMatchObject({ user: null, token: '' });
    expect(localStorage.getItem(STORED_AUTH_KEY)).toBeNull();
  });
});
