import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './auth-store';

// note: the prerendered landing page was rendered for a guest; hydration must start from that state
// and switch to the stored session right after (React re-renders when the snapshots differ).
const prerendered: AuthState = { user: null, token: '', loading: false, error: '', initialised: false };
const prerenderedState = () => prerendered;

/** The current auth state; re-renders on every change of the SDK's auth store. */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, prerenderedState);
}
