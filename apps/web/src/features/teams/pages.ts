/** The team pages, each its own lazy chunk (nothing of the teams is in the landing bundle). */
export const pages = {
  teams: () => import('./admin/teams-page').then((m) => m.TeamsPage),
  newTeam: () => import('./admin/new-team-page').then((m) => m.NewTeamPage),
  teamHome: () => import('./admin/team-home-page').then((m) => m.TeamHomePage),
  packages: () => import('./admin/team-packages-page').then((m) => m.TeamPackagesPage),
  paymentReturn: () => import('./admin/team-payment-return-page').then((m) => m.TeamPaymentReturnPage),
  styles: () => import('./admin/team-styles-page').then((m) => m.TeamStylesPage),
  invite: () => import('./invite/invite-page').then((m) => m.InvitePage),
  shoots: () => import('./member/team-photoshoots-page').then((m) => m.TeamPhotoshootsPage),
  createShoot: () => import('./member/create-photoshoot-page').then((m) => m.CreateTeamPhotoshootPage),
  testShoot: () => import('./member/test-shoot-page').then((m) => m.TestShootPage),
  flowHome: () => import('./member/flow-home-page').then((m) => m.TeamFlowHomePage),
  dashboard: () => import('./dashboard/dashboard-page').then((m) => m.TeamDashboardPage),
};
