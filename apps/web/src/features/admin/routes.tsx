import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { bareLayout, rootRoute } from '../../lib/layout-routes';
import { importWithReload } from '../../lib/chunk-reload';

/**
 * The back office: its own layout behind the admin guard, and /admin/login with no
 * layout. The guard, the admin SDK client, its auth store
 * and every page are lazy chunks: nothing of the back office is in the landing bundle.
 */
const page = lazyPages(() => import('./pages'));
const loadGuard = importWithReload(() => import('./admin-guard'));

const adminLoginRoute = createRoute({
  getParentRoute: () => bareLayout,
  path: '/admin/login',
  validateSearch: (s: Record<string, unknown>): { redirect?: string } => ({
    redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
  }),
  beforeLoad: async () => (await loadGuard()).requireAdminGuest(),
  component: page('login'),
});

export const adminBareRoutes = [adminLoginRoute];

const adminLayout = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: async (ctx) => (await loadGuard()).requireSuperuser(ctx),
  component: page('layout'),
});

/**
 * A list page's URL state: string values only (numbers as text); each page reads its own keys
 * (`data/url-search.ts`). Kept tiny: this file is in the first bundle.
 */
const keepStrings = (s: Record<string, unknown>): Record<string, string | undefined> => {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(s))
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
};

const overviewRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: '/',
  component: page('overview'),
});
const couponsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'coupons',
  validateSearch: keepStrings,
  component: page('coupons'),
});
const originalsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'original-photos',
  validateSearch: keepStrings,
  component: page('originals'),
});
const paymentsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'payments',
  validateSearch: keepStrings,
  component: page('payments'),
});
const photoshootsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots',
  validateSearch: keepStrings,
  component: page('photoshoots'),
});
const photoshootRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots/$id',
  component: page('photoshoot'),
});
const reviewRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'photoshoots/$id/review',
  component: page('review'),
});
const resultsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'results',
  validateSearch: keepStrings,
  component: page('results'),
});
const contactMessagesRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'contact-messages',
  validateSearch: keepStrings,
  component: page('contactMessages'),
});
const stylesRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'styles',
  validateSearch: keepStrings,
  component: page('styles'),
});
const settingsRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'settings',
  component: page('settings'),
});
const usersRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'users',
  validateSearch: keepStrings,
  component: page('users'),
});
const userRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'users/$id',
  component: page('user'),
});

export const adminRoutes = [
  adminLayout.addChildren([
    overviewRoute,
    couponsRoute,
    contactMessagesRoute,
    originalsRoute,
    paymentsRoute,
    photoshootsRoute,
    photoshootRoute,
    reviewRoute,
    resultsRoute,
    stylesRoute,
    usersRoute,
    userRoute,
    settingsRoute,
  ]),
];
