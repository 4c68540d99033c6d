import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { bareLayout, rootRoute } from '../../lib/layout-routes';
import { importWithReload } from '../../lib/chunk-reload';
import type { ListLoaders } from './data/list-loaders';
import type { pages } from './pages';

/**
 * The back office: its own layout behind the admin guard, and /admin/login with no
 * layout. The guard, the admin SDK client, its auth store
 * and every page are lazy chunks: nothing of the back office is in the landing bundle.
 */
const page = lazyPages(() => import('./pages'));
const loadGuard = importWithReload(() => import('./admin-guard'));
const loadLists = importWithReload(() => import('./data/list-loaders'));

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

/** A back-office page under the layout. */
function adminPage<TPath extends string>(path: TPath, name: keyof typeof pages) {
  return createRoute({ getParentRoute: () => adminLayout, path, component: page(name) });
}

/**
 * A list page: its whole state in the URL's search, and its loader, which reads the rows (and
 * what the filters choose from) before the page paints.
 */
function adminList<TPath extends string>(path: TPath, name: keyof typeof pages & keyof ListLoaders) {
  return createRoute({
    getParentRoute: () => adminLayout,
    path,
    validateSearch: keepStrings,
    loaderDeps: ({ search }) => search,
    loader: async ({ deps }) => (await loadLists()).listLoaders[name](deps),
    component: page(name),
  });
}

const overviewRoute = adminPage('/', 'overview');
const couponsRoute = adminList('coupons', 'coupons');
const originalsRoute = adminList('original-photos', 'originals');
const paymentsRoute = adminList('payments', 'payments');
const photoshootsRoute = adminList('photoshoots', 'photoshoots');
const photoshootRoute = adminPage('photoshoots/$id', 'photoshoot');
const reviewRoute = adminPage('photoshoots/$id/review', 'review');
const resultsRoute = adminList('results', 'results');
const contactMessagesRoute = adminList('contact-messages', 'contactMessages');
const stylesRoute = createRoute({
  getParentRoute: () => adminLayout,
  path: 'styles',
  validateSearch: keepStrings,
  component: page('styles'),
});
const settingsRoute = adminPage('settings', 'settings');
const usersRoute = adminList('users', 'users');
const userRoute = adminPage('users/$id', 'user');

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
