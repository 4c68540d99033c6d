import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { authLayout, bareLayout, publicLayout } from '../../lib/layout-routes';
import { requireGuest } from './guards';

/** Sign-in, registration, password reset and the emailed-token pages; one lazy chunk. */
const pages = () => import('./pages');

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
  component: lazyPage(pages, 'RegisterPage'),
});
const forgotRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/forgot-password',
  component: lazyPage(pages, 'ForgotPasswordPage'),
});
const resetRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/reset-password',
  validateSearch: tokenSearch,
  component: lazyPage(pages, 'ResetPasswordPage'),
});
const confirmVerificationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-verification',
  validateSearch: tokenSearch,
  component: lazyPage(pages, 'ConfirmVerificationPage'),
});
const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-email-change',
  validateSearch: tokenSearch,
  component: lazyPage(pages, 'ConfirmEmailChangePage'),
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
  component: lazyPage(pages, 'LoginPage'),
});

export const authLayoutRoutes = [loginRoute];

const oauthCallbackRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/oauth-callback',
  component: lazyPage(pages, 'OAuthCallbackPage'),
});

/** An operator's hand-over to a customer's view in a tab of its own (ADR 026). */
const impersonateRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/impersonate',
  component: lazyPage(pages, 'ImpersonatePage'),
});

export const authBareRoutes = [oauthCallbackRoute, impersonateRoute];
