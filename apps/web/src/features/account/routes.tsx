import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../../app/lazy-page';
import { appLayout } from '../../app/layout-routes';

/** The signed-in account pages; one lazy chunk. */
const pages = () => import('./pages');

const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  component: lazyPage(pages, 'DashboardPage'),
});
const settingsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/settings',
  component: lazyPage(pages, 'SettingsPage'),
});
const newProfileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/profiles/new',
  // ?photoshoot=<id>: made from a photoshoot's flow; the new person is chosen for it on saving.
  validateSearch: (s: Record<string, unknown>): { photoshoot?: string } => ({
    photoshoot:
      typeof s.photoshoot === 'string' && /^[a-z0-9]{1,40}$/.test(s.photoshoot) ? s.photoshoot : undefined,
  }),
  component: lazyPage(pages, 'NewProfilePage'),
});

export const accountRoutes = [dashboardRoute, settingsRoute, newProfileRoute];
