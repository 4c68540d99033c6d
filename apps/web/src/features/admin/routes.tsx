import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { bareLayout, rootRoute } from '../../lib/layout-routes';
import { importWithReload } from '../../lib/chunk-reload';
import { lazyLoaders } from '../../lib/lazy-loaders';
import type { ListLoaders, PageLoaders } from './data/page-loaders';
import type { pages } from './pages';

/**
 * The back office: its own layout behind the admin guard, and /admin/login with no
 * layout. The guard, the admin SDK client, its auth store
 * and every page are lazy chunks: nothing of the back office is in the landing bundle.
 */
const page = lazyPages(() => import('./pages'));
const loadGuard = importWithReload(() => import('./admin-guard'));
// The loaders and the admin data layer they read are one lazy chunk (`data/page-loaders.ts`).
const pageLoader = lazyLoaders<keyof PageLoaders, [id: string]>(() =>
  import('./data/page-loaders').then((m) => m.pageLoaders),
);
const listLoader = lazyLoaders(() => import('./data/page-loaders').then((m) => m.listLoaders));

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

/** A back-office page under the layout; its loader reads what it shows first (by its `$id`). */
function adminPage<TPath extends string>(path: TPath, name: keyof typeof pages & keyof PageLoaders) {
  return createRoute({
    getParentRoute: () => adminLayout,
    path,
    loader: ({ params }) => pageLoader(name)((params as { id?: string }).id ?? ''),
    component: page(name),
  });
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
    loader: ({ deps }) => listLoader(name)(deps),
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
  loader: () => pageLoader('styles')(''),
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
