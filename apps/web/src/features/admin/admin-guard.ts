import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { adminAuthStore, initAdminAuth } from './data/admin-auth-store';

/**
 * Guard of the back office: only a superuser session of the admin client
 * passes. A guest or a customer (whose session lives in the other client) goes to /admin/login
 * and comes back afterwards.
 */
export async function requireSuperuser({ location }: { location: ParsedLocation }): Promise<void> {
  await initAdminAuth();
  if (!adminAuthStore.getState().superuser) {
    throw redirect({ to: '/admin/login', search: { redirect: location.href } });
  }
}

/** Guard of /admin/login: a signed-in operator goes straight to the back office. */
export async function requireAdminGuest(): Promise<void> {
  await initAdminAuth();
  if (adminAuthStore.getState().superuser) throw redirect({ to: '/admin' });
}

/** Where to go after an operator signs in: a back-office path only, never the login page itself. */
export function adminRedirect(target: unknown): string {
  if (typeof target !== 'string' || !/^\/admin(\/|$|\?)/.test(target) || target.startsWith('/admin/login'))
    return '/admin';
  return target;
}
