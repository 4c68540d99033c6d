import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './auth-store';

/** The current auth state; re-renders on every change of the SDK's auth store. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
