import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router';
import { requireUser } from '../features/auth/guards';
import { ErrorPage } from '../features/errors/error-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { LoadingBlock } from '../ui/spinner';
import { AuthLayout } from './auth-layout';
import { BareLayout } from './bare-layout';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './public-layout';

/**
 * The root and the layouts the areas hang their routes on. Layouts are pathless routes;
 * each area's `routes.tsx` imports the one it belongs under, so every route has a typed parent.
 */

export const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});

export const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth', component: AuthLayout });

/** Pages with no declared layout. */
export const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: 'bare', component: BareLayout });

/** The signed-in default layout: a guest goes to /login and comes back. */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireUser,
  component: lazyPage(() => import('./default-layout'), 'DefaultLayout'),
  pendingComponent: LoadingBlock,
});
