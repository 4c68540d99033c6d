import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router';
import { LoadingBlock } from '../ui/spinner';
import { requireUser } from './require-user';

/**
 * The root and the layouts the areas hang their routes on. Layouts are pathless routes; each
 * area's `routes.tsx` imports the one it belongs under, so every route has a typed parent. What
 * they draw (the frames, the error and not-found pages) is the app's: `app/layout-routes.tsx`
 * attaches it, so that features never import `app/`.
 */

export const rootRoute = createRootRoute({ component: Outlet });

export const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public' });

export const authLayout = createRoute({ getParentRoute: () => rootRoute, id: 'auth' });

/** Pages with no declared layout. */
export const bareLayout = createRoute({ getParentRoute: () => rootRoute, id: 'bare' });

/** The signed-in default layout: a guest goes to /login and comes back. */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: requireUser,
  pendingComponent: LoadingBlock,
});
