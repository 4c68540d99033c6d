import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/lazy-page';
import { bareLayout, rootRoute } from '../../app/layout-routes';
import { importWithReload } from '../../lib/chunk-reload';

/**
 * The back office (seed §2): its own layout behind the admin guard, and /admin/login with no
 * layout. Pages are placeholders until the back-office issue. The guard, the admin SDK client and
 * its auth store are lazy chunks: nothing of the back office is in the landing bundle.
 */
const pages = () => import('./admin-pages');
const loadGuard = importWithReload(() => import('./admin-guard'));
const placeholder = lazyPage(pages, 'AdminPlaceholderPage');

const adminLoginRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/admin/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: async () => (await loadGuard()).requireAdminGuest(),
  component: lazyPage(() => import('./admin-login-page'), 'AdminLoginPage'),
});

export const adminBareRoutes = [adminLoginRoute];

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async (ctx) => (await loadGuard()).requireSuperuser(ctx),
  component: lazyPage(pages, 'AdminLayout'),
});

const overviewRoute = createRoute({ getParentRoute: () => adminLayout, path: '/', component: placeholder });
const couponsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'coupons',
  component: placeholder,
});
const originalsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'original-photos',
  component: placeholder,
});
const paymentsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'payments',
  component: placeholder,
});
const photoshootsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots',
  component: placeholder,
});
const photoshootRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots/$id',
  component: placeholder,
});
const reviewRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots/$id/review',
  component: placeholder,
});
const resultsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'results',
  component: placeholder,
});
const stylesRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'styles',
  component: placeholder,
});
const usersRoute = createRoute({ getParentRoute: () => adminLayout, path: 'users', component: placeholder });
const userRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'users/$id',
  component: placeholder,
});

export const adminRoutes = [
  adminLayout.addChildren([
    overviewRoute,
    couponsRoute,
    originalsRoute,
    paymentsRoute,
    photoshootsRoute,
    photoshootRoute,
    reviewRoute,
    resultsRoute,
    stylesRoute,
    usersRoute,
    userRoute,
  ]),
];
