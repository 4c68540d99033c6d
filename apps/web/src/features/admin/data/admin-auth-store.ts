import { ClientResponseError, type RecordModel } from 'pocketbase';
import { useSyncExternalStore } from 'react';
import { adminPb } from './admin-client';

/** A signed-in operator (the `_superusers` collection). */
export type Superuser = RecordModel & { email: string };

/** The admin auth state: kept apart from the customer's (`auth-store.ts`). */
export type AdminAuthState = {
  superuser: Superuser | null;
  /** The start-up refresh has finished; the admin guard waits for it. */
  initialised: boolean;
};

/** The admin store is initialised after 100 ms, so the customer's start-up refresh goes first. */
export const ADMIN_INIT_DELAY_MS = 100;

type Listener = () => void;
const listeners = new Set<Listener>();

function fromStore(): Superuser | null {
  const record = adminPb.authStore.record;
  if (!adminPb.authStore.isValid || !record || record.collectionName !== '_superusers') return null;
  return record as Superuser;
}

let state: AdminAuthState = { superuser: fromStore(), initialised: false };

function set(patch: Partial<AdminAuthState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

adminPb.authStore.onChange(() => set({ superuser: fromStore() }));

export const adminAuthStore = {
  getState: (): AdminAuthState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The admin auth state; re-renders on every change. */
export function useAdminAuth(): AdminAuthState {
  return useSyncExternalStore(adminAuthStore.subscribe, adminAuthStore.getState, adminAuthStore.getState);
}

let initPromise: Promise<void> | null = null;

/**
 * Runs once: after the delay, a stored superuser session is refreshed. A 401/403/404 (expired,
 * revoked, account gone) clears it; a network failure keeps it and the next call decides.
 */
export function initAdminAuth(): Promise<void> {
  if (initPromise) return initPromise;
  initPromise = (async () => {
    await new Promise((resolve) => setTimeout(resolve, ADMIN_INIT_DELAY_MS));
    if (!fromStore()) {
      if (adminPb.authStore.token) adminPb.authStore.clear();
    } else {
      try {
        await adminPb.collection('_superusers').authRefresh();
      } catch (err) {
        if (err instanceof ClientResponseError && [401, 403, 404].includes(err.status))
          adminPb.authStore.clear();
      }
    }
    set({ superuser: fromStore(), initialised: true });
  })();
  return initPromise;
}

/**
 * Password sign-in of an operator; the customer's session (if any) is untouched. With MFA on for
 * superusers the password is only the first factor: the server answers 401 with an `mfaId`, which
 * is returned here for the second step (a one-time code, `signInAdminWithOtp`). Given an `mfaId`
 * (a code came first), the password finishes that sign-in.
 */
export async function signInAdmin(
  email: string,
  password: string,
  mfaId?: string,
): Promise<{ mfaId: string } | null> {
  try {
    await adminPb.collection('_superusers').authWithPassword(email, password, mfaId ? { mfaId } : undefined);
    return null;
  } catch (err) {
    const next = mfaIdOf(err);
    if (next && next !== mfaId) return { mfaId: next };
    throw err;
  }
}

function mfaIdOf(err: unknown): string {
  if (!(err instanceof ClientResponseError) || err.status !== 401) return '';
  const id = (err.response as { mfaId?: unknown } | undefined)?.mfaId;
  return typeof id === 'string' ? id : '';
}

/** Whether superusers may sign in with a one-time code sent by mail (settings `otp`). */
export async function adminOtpEnabled(): Promise<boolean> {
  const methods = await adminPb.collection('_superusers').listAuthMethods();
  return methods.otp?.enabled === true;
}

/** Mails an operator a one-time code; the id names it in `signInAdminWithOtp`. */
export async function requestAdminOtp(email: string): Promise<string> {
  return (await adminPb.collection('_superusers').requestOTP(email)).otpId;
}

/**
 * Signs in with a mailed code: on its own (OTP sign-in), or as the second factor of an MFA
 * sign-in (`mfaId` from `signInAdmin`). A code alone under MFA yields another `mfaId`.
 */
export async function signInAdminWithOtp(
  otpId: string,
  code: string,
  mfaId?: string,
): Promise<{ mfaId: string } | null> {
  try {
    await adminPb.collection('_superusers').authWithOTP(otpId, code, mfaId ? { mfaId } : undefined);
    return null;
  } catch (err) {
    const next = mfaIdOf(err);
    if (next && next !== mfaId) return { mfaId: next };
    throw err;
  }
}

export function signOutAdmin(): void {
  adminPb.authStore.clear();
}

/** For tests: forget the start-up refresh and re-read the stored session. */
export function resetAdminAuthForTests(): void {
  initPromise = null;
  state = { superuser: fromStore(), initialised: false };
  for (const l of listeners) l();
}
