import type { RecordModel } from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { pb } from './pb';
import { errorMessage } from './errors';

/** A signed-in customer (the `users` auth collection). */
export type User = RecordModel & {
  email: string;
  name: string;
  companyName: string;
  avatar: string;
  verified: boolean;
};

/** The auth state of the seed (§3): user, token, loading, error and the initialised flag. */
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

function fromStore(): Pick<AuthState, 'user' | 'token'> {
  const record = pb.authStore.record;
  // note: a superuser token in this client's store is not a customer session (the admin area has its own client).
  if (!pb.authStore.isValid || !record || record.collectionName !== 'users') return { user: null, token: '' };
  return { user: record as User, token: pb.authStore.token };
}

// The SDK's auth store is the source of truth (it persists to localStorage); mirror every change.
pb.authStore.onChange(() => set(fromStore()));
state = { ...state, ...fromStore() };

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

let initPromise: Promise<void> | null = null;

/**
 * Runs once at start-up: a stored session is refreshed (auth-refresh) so the user and token are
 * current. A 401 (or 403/404: the account is gone) clears it; a network failure keeps it so the app
 * still works offline and the next call decides.
 */
export function initAuth(): Promise<void> {
  if (initPromise) return initPromise;
  initPromise = (async () => {
    if (!fromStore().user) {
      if (pb.authStore.token) pb.authStore.clear();
      set({ initialised: true });
      return;
    }
    set({ loading: true });
    try {
      await pb.collection('users').authRefresh();
      set({ loading: false, error: '', initialised: true });
    } catch (err) {
      if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status)) pb.authStore.clear();
      set({ loading: false, error: '', initialised: true });
    }
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
  try {
    const fresh = await pb.collection('users').getOne<User>(user.id);
    pb.authStore.save(pb.authStore.token, fresh);
  } catch (err) {
    if (err instanceof ClientResponseError && err.status === 401) pb.authStore.clear();
    else throw err;
  }
}

/** Runs an auth call with loading/error bookkeeping; rethrows so the form can show field errors. */
export async function track<T>(fallback: string, call: () => Promise<T>): Promise<T> {
  set({ loading: true, error: '' });
  try {
    const result = await call();
    set({ loading: false });
    return result;
  } catch (err) {
    set({ loading: false, error: errorMessage(err, fallback) });
    throw err;
  }
}
