import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { authStore, initAuth } from './auth-store';

/**
 * Route guard of signed-in pages: waits for the start-up refresh, then sends a guest to /login
 * with the page they wanted in `?redirect=` (the login page comes back to it).
 */
export async function requireUser({ location }: { location: ParsedLocation }): Promise<void> {
  await initAuth();
  if (!authStore.getState().user) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}
