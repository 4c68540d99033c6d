import { redirect } from '@tanstack/react-router';
import { authStore, initAuth } from '../../lib/auth-store';

/** Route guard of the sign-in and registration pages: a signed-in user has nothing to do there. */
export async function requireGuest(): Promise<void> {
  await initAuth();
  if (authStore.getState().user) throw redirect({ to: '/dashboard' });
}
