import { createRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { lazyPages } from '../../lib/lazy-page';
import { appLayout, publicLayout } from '../../lib/layout-routes';
import { initAuth } from '../../lib/auth-store';
import { importWithReload } from '../../lib/chunk-reload';
import { lazyLoaders } from '../../lib/lazy-loaders';
import { TeamFlowLayout } from '../photoshoot/flow-layouts';
import { flowSteps } from '../photoshoot/flow-routes';
import { ErrorPage } from '../errors/error-page';
import { NotTeamMemberError } from './not-team-member';
import { NotTeamMemberPage } from './team-access-page';
import { teamPaymentSearch } from './admin/payment-search';

/**
 * The team routes, inside the signed-in layout, but for the invite page: a guest must
 * see which team invites them before making an account. The member's photoshoot flow is the
 * individual flow's steps under the team's base path, with a seat instead of a payment. The guard's
 * code is a lazy chunk, like the pages (`pages.ts`) and their loaders (`team-loaders.ts`, by the
 * path's team or invite token and the guard's role): nothing of the teams is in the landing bundle.
 */
const page = lazyPages(() => import('./pages'));
const loader = lazyLoaders(() => import('./team-loaders').then((m) => m.teamLoaders));
const loadGuard = importWithReload(() => import('./team-guard'));

// Teams, no guard ------------------------------------------------------------------------------
const teamsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams',
  loader: () => loader('teams')(''),
  component: page('teams'),
});
const newTeamRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/new',
  component: page('newTeam'),
});
const teamPaymentReturnRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/payment-return',
  validateSearch: teamPaymentSearch,
  component: page('paymentReturn'),
});
const inviteRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/teams/invite/$inviteToken',
  // note: a stored session is refreshed first, so the preview is asked for as the right person.
  beforeLoad: () => initAuth(),
  loader: ({ params }) => loader('invite')(params.inviteToken),
  component: page('invite'),
});
const teamPackagesRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/team-packages',
  validateSearch: teamPaymentSearch,
  loader: ({ params }) => loader('packages')(params.id),
  component: page('packages'),
});
const teamStylesRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/team-styles',
  loader: ({ params }) => loader('styles')(params.id),
  component: page('styles'),
});
const testShootRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/photoshoots/test',
  loader: ({ params }) => loader('testShoot')(params.id),
  component: page('testShoot'),
});

// Teams, team guard ----------------------------------------------------------------------------
const teamRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id',
  beforeLoad: async (ctx) => (await loadGuard()).requireTeamMember(ctx),
  errorComponent: TeamAccessPage,
  component: Outlet,
});
const teamHomeRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: '/',
  loader: ({ params, context }) => loader('teamHome')(params.id, context.teamRole),
  component: page('teamHome'),
});
const teamShootsRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots',
  loader: ({ params }) => loader('shoots')(params.id),
  component: page('shoots'),
});
const createTeamShootRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots/create',
  loader: ({ params }) => loader('createShoot')(params.id),
  component: page('createShoot'),
});
const teamDashboardRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots/dashboard',
  loader: ({ params, context }) => loader('dashboard')(params.id, context.teamRole),
  component: page('dashboard'),
});

/** A member's photoshoot: the flow's pages with the team's base path. */
const teamFlowRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots/$photoshootId',
  component: TeamFlowLayout,
});

const teamFlowHomeRoute = createRoute({
  getParentRoute: () => teamFlowRoute,
  path: '/',
  loader: ({ params }) => loader('flowHome')(params.photoshootId),
  component: page('flowHome'),
});
/** Under the public layout: the invite link, which a guest opens before having an account. */
export const teamPublicRoutes = [inviteRoute];

export const teamRoutes = [
  teamsRoute,
  newTeamRoute,
  teamPaymentReturnRoute,
  teamPackagesRoute,
  teamStylesRoute,
  testShootRoute,
  teamRoute.addChildren([
    teamHomeRoute,
    teamShootsRoute,
    createTeamShootRoute,
    teamDashboardRoute,
    teamFlowRoute.addChildren([teamFlowHomeRoute, ...flowSteps(teamFlowRoute, 'photoshootId')]),
  ]),
];

/** The team guard's refusal gets its own page; any other failure is the generic error page. */
function TeamAccessPage({ error }: ErrorComponentProps) {
  return error instanceof NotTeamMemberError ? <NotTeamMemberPage /> : <ErrorPage error={error} />;
}
