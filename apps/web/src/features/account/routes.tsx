import { createRoute } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { appLayout } from '../../lib/layout-routes';

/** The signed-in account pages (`pages.ts`). */
const page = lazyPages(() => import('./pages'));

const dashboardRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/dashboard',
  component: page('dashboard'),
});
const settingsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/settings',
  component: page('settings'),
});
const newProfileRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/profiles/new',
  // ?photoshoot=<id>[&team=<id>]: made from a photoshoot's flow (a team's, with team); the new
  // person is chosen for it on saving, and saving or cancelling goes back to that flow.
  validateSearch: (s: Record<string, unknown>): { photoshoot?: string; team?: string } => ({
    photoshoot: recordId(s.photoshoot),
    team: recordId(s.team),
  }),
  component: page('newProfile'),
});

function recordId(v: unknown): string | undefined {
  return typeof v === 'string' && /^[a-z0-9]{1,40}$/.test(v) ? v : undefined;
}

export const accountRoutes = [dashboardRoute, settingsRoute, newProfileRoute];
