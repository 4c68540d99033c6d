import { lazyPage } from '../../../lib/lazy-page';

/**
 * The team admin's pages, each its own lazy chunk (nothing of the teams in the landing bundle).
 * routes.tsx mounts them; keeping the lazy wrappers here leaves routes.tsx to composition.
 */
export const adminPages = {
  teams: lazyPage(() => import('./teams-page'), 'TeamsPage'),
  newTeam: lazyPage(() => import('./new-team-page'), 'NewTeamPage'),
  teamHome: lazyPage(() => import('./team-home-page'), 'TeamHomePage'),
  packages: lazyPage(() => import('./team-packages-page'), 'TeamPackagesPage'),
  paymentReturn: lazyPage(() => import('./team-payment-return-page'), 'TeamPaymentReturnPage'),
  styles: lazyPage(() => import('./team-styles-page'), 'TeamStylesPage'),
};
