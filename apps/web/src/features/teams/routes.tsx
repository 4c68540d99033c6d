import { createRoute, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { lazyPage } from '../../lib/lazy-page';
import { appLayout, publicLayout } from '../../lib/layout-routes';
import { initAuth } from '../../lib/auth-store';
import { importWithReload } from '../../lib/chunk-reload';
import { TeamFlowLayout } from '../photoshoot/flow-layouts';
import { flowPages } from '../photoshoot/flow-pages';
import { ErrorPage } from '../errors/error-page';
import { NotTeamMemberError } from './not-team-member';
import { NotTeamMemberPage } from './team-access-page';
import { adminPages } from './admin/admin-pages';
import { teamPaymentSearch } from './admin/payment-search';

/**
 * The team routes, inside the signed-in layout, but for the invite page: a guest must
 * see which team invites them before making an account. The member's photoshoot flow is the
 * individual flow's pages under the team's base path, with a seat instead of a payment. The guard's
 * code is a lazy chunk, like the pages: nothing of the teams is in the landing bundle.
 */
const invitePage = lazyPage(() => import('./invite/invite-page'), 'InvitePage');
const teamShootsPage = lazyPage(() => import('./member/team-photoshoots-page'), 'TeamPhotoshootsPage');
const createTeamShootPage = lazyPage(
  () => import('./member/create-photoshoot-page'),
  'CreateTeamPhotoshootPage',
);
const testShootPage = lazyPage(() => import('./member/test-shoot-page'), 'TestShootPage');
const teamFlowHomePage = lazyPage(() => import('./member/flow-home-page'), 'TeamFlowHomePage');
const teamDashboardPage = lazyPage(() => import('./dashboard/dashboard-page'), 'TeamDashboardPage');
const loadGuard = importWithReload(() => import('./team-guard'));

// Teams, no guard ------------------------------------------------------------------------------
const teamsRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams',
  component: adminPages.teams,
});
const newTeamRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/new',
  component: adminPages.newTeam,
});
const teamPaymentReturnRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/payment-return',
  validateSearch: teamPaymentSearch,
  component: adminPages.paymentReturn,
});
const inviteRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/teams/invite/$inviteToken',
  // note: a stored session is refreshed first, so the preview is asked for as the right person.
  beforeLoad: () => initAuth(),
  component: invitePage,
});
const teamPackagesRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/team-packages',
  validateSearch: teamPaymentSearch,
  component: adminPages.packages,
});
const teamStylesRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/team-styles',
  component: adminPages.styles,
});
const testShootRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/teams/$id/photoshoots/test',
  component: testShootPage,
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
  component: adminPages.teamHome,
});
const teamShootsRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots',
  component: teamShootsPage,
});
const createTeamShootRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots/create',
  component: createTeamShootPage,
});
const teamDashboardRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: 'photoshoots/dashboard',
  component: teamDashboardPage,
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
  component: teamFlowHomePage,
});
const teamUploadRoute = createRoute({
  getParentRoute: () => teamFlowRoute,
  path: 'upload',
  component: flowPages.upload,
});
const teamStylesStepRoute = createRoute({
  getParentRoute: () => teamFlowRoute,
  path: 'styles',
  component: flowPages.styles,
});
const teamProcessingRoute = createRoute({
  getParentRoute: () => teamFlowRoute,
  path: 'processing',
  component: flowPages.processing,
});
const teamResultsRoute = createRoute({
  getParentRoute: () => teamFlowRoute,
  path: 'results',
  component: flowPages.results,
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
    teamFlowRoute.addChildren([
      teamFlowHomeRoute,
      teamUploadRoute,
      teamStylesStepRoute,
      teamProcessingRoute,
      teamResultsRoute,
    ]),
  ]),
];

/** The team guard's refusal gets its own page; any other failure is the generic error page. */
function TeamAccessPage({ error }: ErrorComponentProps) {
  return error instanceof NotTeamMemberError ? <NotTeamMemberPage /> : <ErrorPage error={error} />;
}
