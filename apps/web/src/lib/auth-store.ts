import type { BaseAuthStore, RecordModel } from 'pocketbase';
import { forgetNewAccount } from './new-account';
import { isTokenValid, readStoredAuth, removeStoredAuth, STORED_AUTH_KEY } from './stored-auth';
import { isTabSession } from './tab-session';

/** A signed-in customer (the `users` auth collection). */
export type User = RecordModel & {
  email: string;
  name: string;
  companyName: string;
  avatar: string;
  verified: boolean;
};

/** The auth state: user, token, loading, error and the initialised flag. */
export type AuthState = {
  user: User | null;
  token: string;
  /** A sign-in, registration or refresh is in flight. */
  loading: boolean;
  /** The last auth failure's sentence ('' when none). */
  error: string;
  /** The start-up refresh has finished; guards wait for it before deciding. */
  initialised: boolean;
};

type Listener = () => void;

let state: AuthState = {
  user: null,
  token: '',
  loading: false,
  error: '',
  initialised: false,
};
const listeners = new Set<Listener>();

function set(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

/**
 * The SDK's auth store, the source of truth once `pb.ts` has loaded (it persists to localStorage).
 * Until then this module reads what the SDK stored, so the landing page renders the signed-in
 * header without the SDK in its bundle (scripts/check-bundle.mjs).
 */
let sdkStore: BaseAuthStore | null = null;

function session(): { token: string; record: unknown; valid: boolean } {
  if (sdkStore) return { token: sdkStore.token, record: sdkStore.record, valid: sdkStore.isValid };
  const { token, record } = readStoredAuth();
  return { token, record, valid: isTokenValid(token) };
}

function fromStore(): Pick<AuthState, 'user' | 'token'> {
  const { token, record, valid } = session();
  // note: a superuser token in this client's store is not a customer session (the admin area has its own client).
  if (!valid || !record || (record as { collectionName?: unknown }).collectionName !== 'users')
    return { user: null, token: '' };
  return { user: record as User, token };
}

state = { ...state, ...fromStore() };

// Another tab signing in or out; once loaded, the SDK's store follows these events itself. A tab
// with its own session ignores the shared one.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (!sdkStore && !isTabSession() && event.key === STORED_AUTH_KEY) set(fromStore());
  });

/** Called by `pb.ts` when the SDK loads: mirror every change of its store from then on. */
export function bindSdkAuthStore(store: BaseAuthStore): void {
  sdkStore = store;
  store.onChange(() => set(fromStore()));
  set(fromStore());
}

/** Counts sign-outs, so a refresh that was in flight during one does not sign the person back in. */
let signOuts = 0;

/** Clears the session locally (the token is stateless; nothing to call). */
export function signOut(): void {
  signOuts++;
  forgetNewAccount();
  if (sdkStore) sdkStore.clear();
  else {
    removeStoredAuth();
    set(fromStore());
  }
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Records the outcome of an auth call made elsewhere (forms show their own errors too). */
  setLoading(loading: boolean, error = ''): void {
    set({ loading, error });
  },
};

/** The SDK client and its error class, loaded on demand (a lazy chunk). */
async function loadSdk() {
  const [{ pb }, { ClientResponseError }] = await Promise.all([import('./pb'), import('pocketbase')]);
  return { pb, ClientResponseError };
}

let initPromise: Promise<void> | null = null;

/**
 * Runs once at start-up: a stored session is refreshed (auth-refresh) so the user and token are
 * current. A 401 (or 403/404: the account is gone) clears it; a network failure keeps it so the app
 * still works offline and the next call decides. A guest's start needs no SDK at all.
 */
export function initAuth(): Promise<void> {
  if (initPromise) return initPromise;
  initPromise = (async () => {
    if (!fromStore().user) {
      if (session().token) signOut();
      set({ initialised: true });
      return;
    }
    set({ loading: true });
    try {
      const { pb, ClientResponseError } = await loadSdk();
      const before = signOuts;
      try {
        await pb.collection('users').authRefresh();
        // note: the SDK saved the refreshed session; a sign-out meanwhile wins.
        if (signOuts !== before) pb.authStore.clear();
      } catch (err) {
        if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) pb.authStore.clear();
      }
    } catch {
      // note: the SDK's chunk did not load (offline); keep the session, as for a network failure.
    }
    set({ loading: false, error: '', initialised: true });
  })();
  return initPromise;
}

/** For tests: forget the start-up refresh and reset the state from the SDK's store. */
export function resetAuthForTests(): void {
  initPromise = null;
  state = { loading: false, error: '', initialised: false, ...fromStore() };
  for (const l of listeners) l();
}

/** Re-reads the signed-in user (GET /api/collections/users/records/{id}); a 401 clears the session. */
export async function refreshUser(): Promise<void> {
  const user = state.user;
  if (!user) return;
  const { pb, ClientResponseError } = await loadSdk();
  try {
    const fresh = await pb.collection('users').getOne<User>(user.id);
    pb.authStore.save(pb.authStore.token, fresh);
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 401) pb.authStore.clear();
    else throw err;
  }
}
