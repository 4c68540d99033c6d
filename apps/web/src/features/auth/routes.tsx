import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { authLayout, bareLayout, publicLayout } from '../../lib/layout-routes';
import { requireGuest } from './guards';

/** Sign-in, registration, password reset and the emailed-token pages (`pages.ts`). */
const page = lazyPages(() => import('./pages'));

type TokenSearch = { token?: string };
const tokenSearch = (s: Record<string, unknown>): TokenSearch => ({
  token: typeof s.token === 'string' ? s.token : undefined,
});

const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/register',
  // note: an invite link sends a guest here through /login; the redirect brings them back to join.
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: requireGuest,
  component: page('register'),
});
const forgotRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/forgot-password',
  component: page('forgotPassword'),
});
const resetRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: page('resetPassword'),
});
const confirmVerificationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-verification',
  validateSearch: tokenSearch,
  component: page('confirmVerification'),
});
const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-email-change',
  validateSearch: tokenSearch,
  component: page('confirmEmailChange'),
});

export const authPublicRoutes = [
  registerRoute,
  forgotRoute,
  resetRoute,
  confirmVerificationRoute,
  confirmEmailChangeRoute,
];

const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: requireGuest,
  component: page('login'),
});

export const authLayoutRoutes = [loginRoute];

const oauthCallbackRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/oauth-callback',
  component: page('oauthCallback'),
});

/** An operator's hand-over to a customer's view in a tab of its own (ADR 026). */
const impersonateRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/impersonate',
  component: page('impersonate'),
});

export const authBareRoutes = [oauthCallbackRoute, impersonateRoute];
