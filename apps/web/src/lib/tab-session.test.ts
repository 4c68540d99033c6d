import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionAuthStore } from './session-auth-store';
import { readStoredAuth, STORED_AUTH_KEY } from './stored-auth';
import { isTabSession, TAB_AUTH_KEY, takeHandOver } from './tab-session';

/** An unsigned token with the given payload (only its payload matters here). */
const token = (payload: unknown) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.signature`;

const customer = token({
  id: 'cust00000000001',
  type: 'auth',
  collectionId: '_pb_users_auth_',
  refreshable: false,
  exp: 4e9,
});
const operatorsCustomerSession = JSON.stringify({ token: 'their-own', record: { id: 'someoneelse' } });

describe('the impersonation hand-over (ADR 026)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.setItem(STORED_AUTH_KEY, operatorsCustomerSession);
  });
  afterEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    vi.restoreAllMocks();
  });

  it('moves the token from the fragment into this tab only, and clears the address at once', () => {
    window.history.replaceState(null, '', `/impersonate#token=${encodeURIComponent(customer)}`);
    const entries = window.history.length;
    const logged = [
      vi.spyOn(console, 'log'),
      vi.spyOn(console, 'info'),
      vi.spyOn(console, 'warn'),
      vi.spyOn(console, 'error'),
    ];

    expect(takeHandOver()).toBe(true);

    // Gone from the address, replaced rather than pushed: no history entry holds it.
    expect(window.location.href).not.toContain(customer);
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/impersonate');
    expect(window.history.length).toBe(entries);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();

    // This tab's own session: the shared one (another customer's) is left exactly as it was.
    expect(isTabSession()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(TAB_AUTH_KEY)!)).toEqual({
      token: customer,
      record: { id: 'cust00000000001', collectionName: 'users' },
    });
    expect(localStorage.getItem(STORED_AUTH_KEY)).toBe(operatorsCustomerSession);
    expect(readStoredAuth().token).toBe(customer);
  });

  it('takes nothing on any other path, and nothing that is not a token (but still clears it)', () => {
    window.history.replaceState(null, '', `/dashboard#token=${customer}`);
    expect(takeHandOver()).toBe(false);
    expect(window.location.hash).not.toBe('');

    window.history.replaceState(null, '', '/impersonate#token=not-a-token');
    expect(takeHandOver()).toBe(false);
    expect(window.location.hash).toBe('');

    // An ordinary (refreshable) session token is no hand-over: a link cannot plant an account.
    const session = token({ id: 'attacker0000001', type: 'auth', refreshable: true, exp: 4e9 });
    window.history.replaceState(null, '', `/impersonate#token=${session}`);
    expect(takeHandOver()).toBe(false);
    expect(window.location.hash).toBe('');
    expect(isTabSession()).toBe(false);
    expect(readStoredAuth().token).toBe('their-own');
  });

  it('keeps the SDK session of such a tab in sessionStorage, never in localStorage', () => {
    const store = new SessionAuthStore(sessionStorage, TAB_AUTH_KEY);
    store.save(customer, { id: 'cust00000000001', collectionId: '_pb_users_auth_', collectionName: 'users' });
    expect(JSON.parse(sessionStorage.getItem(TAB_AUTH_KEY)!).token).toBe(customer);
    expect(localStorage.getItem(STORED_AUTH_KEY)).toBe(operatorsCustomerSession);
    expect(new SessionAuthStore(sessionStorage, TAB_AUTH_KEY).token).toBe(customer);
    store.clear();
    expect(sessionStorage.getItem(TAB_AUTH_KEY)).toBeNull();
    expect(localStorage.getItem(STORED_AUTH_KEY)).toBe(operatorsCustomerSession);
  });
});
