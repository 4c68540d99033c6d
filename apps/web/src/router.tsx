import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { FramedErrorPage, FramedNotFoundPage } from './app/error-frames';
import { appLayout, authLayout, bareLayout, publicLayout, rootRoute } from './app/layout-routes';
import { accountRoutes } from './features/account/routes';
import { adminBareRoutes, adminRoutes } from './features/admin/routes';
import { authBareRoutes, authLayoutRoutes, authPublicRoutes } from './features/auth/routes';
import { photoshootRoutes } from './features/photoshoot/routes';
import { publicRoutes } from './features/public/routes';
import { teamPublicRoutes, teamRoutes } from './features/teams/routes';
import { LoadingBlock } from './ui/spinner';

/**
 * The route tree, code-based: the layouts (`app/layout-routes.tsx`) and each area's
 * routes (`features/<area>/routes.tsx`, every route with its typed parent). Only the landing page
 * and the frames are in the first bundle; every other page, and the admin and team guards, are
 * lazy chunks.
 */
const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([...publicRoutes, ...authPublicRoutes, ...teamPublicRoutes]),
  authLayout.addChildren([...authLayoutRoutes]),
  bareLayout.addChildren([...authBareRoutes, ...adminBareRoutes]),
  appLayout.addChildren([...accountRoutes, ...photoshootRoutes, ...teamRoutes]),
  ...adminRoutes,
]);

/**
 * The app's router; tests pass a memory history. `isServer` forces the router's server rendering
 * (the build's prerender says so explicitly, so a test running it under jsdom renders the same tree).
 */
export function createAppRouter(history?: RouterHistory, { isServer }: { isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    ...(isServer === undefined ? {} : { isServer }),
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingBlock,
    defaultErrorComponent: FramedErrorPage,
    defaultNotFoundComponent: FramedNotFoundPage,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
