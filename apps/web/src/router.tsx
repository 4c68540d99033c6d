import type { ComponentType } from 'react';
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type AnyRoute,
  type RouterHistory,
} from '@tanstack/react-router';
import { AuthLayout } from './app/auth-layout';
import { BareLayout } from './app/bare-layout';
import { PublicLayout } from './app/public-layout';
import { requireGuest, requireUser } from './features/auth/guards';
import { CrashPage, ErrorPage } from './features/errors/error-page';
import { NotFoundPage } from './features/errors/not-found-page';
import { photoshootRoutes } from './features/photoshoot/routes';
import { HomePage } from './features/public/home-page';
import { importWithReload } from './lib/chunk-reload';
import { LoadingBlock } from './ui/spinner';

/**
 * The route tree (seed §2), code-based. Layouts are pathless routes: public, auth (login), bare
 * (no declared layout), the signed-in default layout (guarded), admin and teams. Only the landing
 * page and the frames are in the first bundle; every other page is a lazy chunk.
 */

type Module = Record<string, unknown>;

/**
 * A page (or layout) from a lazy chunk, wrapped in the TanStack Query provider, which also loads
 * lazily; a stale chunk after a deploy reloads the page once.
 */
function lazy(importer: () => Promise<Module>, name: string) {
  return lazyRouteComponent(
    importWithReload(async () => {
      const [mod, query] = await Promise.all([importer(), import('./lib/query-client')]);
      return { default: query.withQueryClient(mod[name] as ComponentType) };
    }),
  );
}

const auth = () => import('./features/auth/pages');
const publicPages = () => import('./features/public/pages');
const account = () => import('./features/account/pages');
const appFrame = () => import('./app/default-layout');
const admin = () => import('./features/admin/admin-pages');
const teams = () => import('./features/teams/team-pages');

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

// Public layout --------------------------------------------------------------------------------
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });
const page = (
  path: string,
  component: ReturnType<typeof lazy>,
  extra: Partial<Parameters<typeof createRoute>[0]> = {},
) => createRoute({ getParentRoute: () => publicLayout, path, component, ...(extra as object) });

const homeRoute = createRoute({ getParentRoute: () => publicLayout, path: '/', component: HomePage });
const contactRoute = page('/contact', lazy(publicPages, 'ContactPage'));
const privacyRoute = page('/privacy', lazy(publicPages, 'PrivacyPage'));
const termsRoute = page('/terms-of-service', lazy(publicPages, 'TermsPage'));
const teamsInfoRoute = page('/teams-info', lazy(publicPages, 'TeamsInfoPage'));
const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/register',
  beforeLoad: requireGuest,
  component: lazy(auth, 'RegisterPage'),
});
const forgotRoute = page('/forgot-password', lazy(auth, 'ForgotPasswordPage'));
const resetRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/reset-password',
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({
    token: typeof s.token === 'string' ? s.token : undefined,
  }),
  component: lazy(auth, 'ResetPasswordPage'),
});
const confirmVerificationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-verification',
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({
    token: typeof s.token === 'string' ? s.token : undefined,
  }),
  component: lazy(auth, 'ConfirmVerificationPage'),
});
const confirmEmailChangeRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/confirm-email-change',
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({
    token: typeof s.token === 'string' ? s.token : undefined,
  }),
  component: lazy(auth, 'ConfirmEmailChangePage'),
});
// A page that always throws: shows the error page on demand (the end-to-end tests use it). Harmless.
const crashRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/__crash',
  component: CrashPage,
});

// Auth layout ----------------------------------------------------------------------------------
const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthLayout });
const loginRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: requireGuest,
  component: lazy(auth, 'LoginPage'),
});

// No declared layout ---------------------------------------------------------------------------
const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: 'bare', component: BareLayout });
const oauthCallbackRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/oauth-callback',
  component: lazy(auth, 'OAuthCallbackPage'),
});
const adminLoginRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/admin/login',
  component: lazy(admin, 'AdminLoginPage'),
});

// Default layout (signed in) -------------------------------------------------------------------
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireUser,
  component: lazy(appFrame, 'DefaultLayout'),
  pendingComponent: LoadingBlock,
});
const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  component: lazy(account, 'DashboardPage'),
});
const settingsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/settings',
  component: lazy(account, 'SettingsPage'),
});
const newProfileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/profiles/new',
  // ?photoshoot=<id>: made from a photoshoot's flow; the new person is chosen for it on saving.
  validateSearch: (s: Record<string, unknown>): { photoshoot?: string } => ({
    photoshoot:
      typeof s.photoshoot === 'string' && /^[a-z0-9]{1,40}$/.test(s.photoshoot) ? s.photoshoot : undefined,
  }),
  component: lazy(account, 'NewProfilePage'),
});

// Teams (placeholders until the team issue; signed in, inside the default layout) ---------------
const teamPage = lazy(teams, 'TeamPlaceholderPage');
const teamRoutes = [
  '/teams',
  '/teams/new',
  '/teams/payment-return',
  '/teams/invite/$inviteToken',
  '/teams/$id/team-packages',
  '/teams/$id/team-styles',
  '/teams/$id/photoshoots/test',
  // team guard (membership of $id) lands with the team pages
  '/teams/$id',
  '/teams/$id/photoshoots',
  '/teams/$id/photoshoots/create',
  '/teams/$id/photoshoots/dashboard',
  '/teams/$id/photoshoots/$photoshootId',
  '/teams/$id/photoshoots/$photoshootId/upload',
  '/teams/$id/photoshoots/$photoshootId/styles',
  '/teams/$id/photoshoots/$photoshootId/processing',
  '/teams/$id/photoshoots/$photoshootId/results',
].map((path) => createRoute({ getParentRoute: () => appLayout, path, component: teamPage }));

// Admin (placeholders until the back-office issue; own layout, lazy) ---------------------------
const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: lazy(admin, 'AdminLayout'),
});
const adminPage = lazy(admin, 'AdminPlaceholderPage');
const adminRoutes = [
  '/',
  'coupons',
  'original-photos',
  'payments',
  'photoshoots',
  'photoshoots/$id',
  'photoshoots/$id/review',
  'results',
  'styles',
  'users',
  'users/$id',
].map((path) => createRoute({ getParentRoute: () => adminLayout, path, component: adminPage }));

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([
    homeRoute,
    contactRoute,
    privacyRoute,
    termsRoute,
    teamsInfoRoute,
    registerRoute,
    forgotRoute,
    resetRoute,
    confirmVerificationRoute,
    confirmEmailChangeRoute,
    crashRoute,
  ]),
  authLayout.addChildren([loginRoute]),
  bareLayout.addChildren([oauthCallbackRoute, adminLoginRoute]),
  appLayout.addChildren([
    dashboardRoute,
    settingsRoute,
    newProfileRoute,
    ...teamRoutes,
    ...photoshootRoutes(appLayout as unknown as AnyRoute),
  ]),
  adminLayout.addChildren(adminRoutes),
]);

/** The app's router; tests pass a memory history. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingBlock,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
