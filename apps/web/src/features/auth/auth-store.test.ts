import { renderHook, act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pb } from '../../lib/pb';
import { newAccount, otherClient } from '../../testing/accounts';
import { login, logout } from './data/auth-actions';
import { authStore, initAuth, refreshUser, resetAuthForTests, signOut } from '../../lib/auth-store';
import { useAuth } from '../../lib/use-auth';

/** Signs in with the app's client, then forgets the in-memory state as a page reload would. */
async function storedSession() {
  const account = await newAccount();
  await pb.collection('users').authWithPassword(account.email, account.password);
  resetAuthForTests();
  return account;
}

describe('auth state', () => {
  beforeEach(() => resetAuthForTests());

  it('starts signed out and initialised when nothing is stored', async () => {
    expect(authStore.getState().initialised).toBe(false);
    await initAuth();
    expect(authStore.getState()).toMatchObject({
      user: null,
      token: '',
      loading: false,
      error: '',
      initialised: true,
    });
  });

  it('refreshes a stored session on start (auth-refresh) and keeps the user', async () => {
    const account = await storedSession();
    expect(authStore.getState().initialised).toBe(false);
    const pending = initAuth();
    expect(authStore.getState().loading).toBe(true);
    await pending;
    const state = authStore.getState();
    expect(state.initialised).toBe(true);
    expect(state.loading).toBe(false);
    expect(state.user?.email).toBe(account.email);
    expect(state.token).toBe(pb.authStore.token);
    // The refreshed token is a real one: the API accepts it.
    expect((await pb.collection('users').getOne(account.id)).email).toBe(account.email);
  });

  it('stays signed out when the person signs out while the start-up refresh is in flight', async () => {
    await storedSession();
    // note: signs out once the refresh has left with the token, as a click during it would.
    pb.beforeSend = (url, options) => {
      if (url.includes('auth-refresh')) signOut();
      return { url, options };
    };
    try {
      await initAuth();
    } finally {
      pb.beforeSend = undefined;
    }
    expect(authStore.getState().user).toBeNull();
    expect(pb.authStore.token).toBe('');
  });

  it('clears the session when the refresh answers 401 (the password changed elsewhere)', async () => {
    const account = await storedSession();
    const elsewhere = otherClient();
    await elsewhere.collection('users').authWithPassword(account.email, account.password);
    await elsewhere.collection('users').update(account.id, {
      oldPassword: account.password,
      password: 'another-password-2',
      passwordConfirm: 'another-password-2',
    });
    expect(pb.authStore.isValid).toBe(true); // still looks valid locally: only the server knows
    await initAuth();
    expect(authStore.getState()).toMatchObject({ user: null, token: '', initialised: true });
    expect(pb.authStore.token).toBe('');
    expect(localStorage.getItem('pocketbase_auth')).toBeNull();
  });

  it('signs in, follows the SDK store, and logout clears user, token and storage', async () => {
    const account = await newAccount();
    await initAuth();
    await login(account.email, account.password);
    expect(authStore.getState().user?.id).toBe(account.id);
    expect(authStore.getState().token).not.toBe('');
    expect(localStorage.getItem('pocketbase_auth')).toContain(account.id);
    logout();
    expect(authStore.getState()).toMatchObject({ user: null, token: '' });
    expect(localStorage.getItem('pocketbase_auth')).toBeNull();
  });

  it('records the failure sentence of a wrong password and stays signed out', async () => {
    const account = await newAccount();
    await expect(login(account.email, 'not-the-password')).rejects.toMatchObject({ status: 400 });
    expect(authStore.getState()).toMatchObject({ user: null, loading: false });
    expect(authStore.getState().error).not.toBe('');
  });

  it('useAuth re-renders on sign-in and sign-out', async () => {
    const account = await newAccount();
    const { result } = renderHook(() => useAuth());
    expect(result.current.user).toBeNull();
    await act(async () => {
      await login(account.email, account.password);
    });
    expect(result.current.user?.email).toBe(account.email);
    act(() => logout());
    expect(result.current.user).toBeNull();
  });

  it('refreshUser picks up changes made on another device', async () => {
    const account = await storedSession();
    await initAuth();
    const elsewhere = otherClient();
    await elsewhere.collection('users').authWithPassword(account.email, account.password);
    await elsewhere.collection('users').update(account.id, { name: 'Grace Hopper' });
    await refreshUser();
    await waitFor(() => expect(authStore.getState().user?.name).toBe('Grace Hopper'));
  });
});
