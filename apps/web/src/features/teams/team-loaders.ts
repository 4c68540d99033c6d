import { authStore } from '../../lib/auth-store';
import { ensure, load } from '../../lib/ensure-queries';
import { packagesQuery, stylesQuery } from '../../shared/data/catalog-api';
import { fileTokenQuery } from '../../shared/data/file-token';
import { photoshootQuery } from '../../shared/data/photoshoot-api';
import { membershipIdsQuery } from './data/membership-api';
import {
  invitePreviewQuery,
  teamPhotoshootsQuery,
  teamResultsQuery,
  teamSummaryQuery,
} from './data/member-queries';
import {
  myRoleQuery,
  myTeamsQuery,
  teamInvitesQuery,
  teamMembersQuery,
  teamQuery,
} from './data/team-queries';
import type { TeamRole } from './team-guard';
import type { pages } from './pages';

/**
 * The team routes' loaders: what each page reads first is read before it paints. The key is the
 * route's path param (the team, or the invite's token); `role` is the team guard's answer, given
 * on the guarded routes only, so that a member's visit does not ask for what only admins may read.
 * A refused read (a non-member on the unguarded admin pages, a revoked invite) is left to the
 * page, which answers in its own words (`ensure`).
 */
type TeamLoader = (key: string, role?: TeamRole) => Promise<void>;

const me = () => authStore.getState().user?.id ?? '';
const isAdmin = (role?: TeamRole) => role === 'owner' || role === 'admin';

export const teamLoaders: Partial<Record<keyof typeof pages, TeamLoader>> = {
  teams: () => ensure(load(myTeamsQuery(me()))),
  teamHome: (id, role) =>
    isAdmin(role)
      ? ensure(
          load(teamQuery(id)),
          load(teamMembersQuery(id)),
          load(membershipIdsQuery(id)),
          load(teamInvitesQuery(id)),
        )
      : ensure(load(teamQuery(id)), load(myRoleQuery(id, me()))),
  dashboard: (id, role) =>
    isAdmin(role)
      ? ensure(
          load(teamQuery(id)),
          load(teamMembersQuery(id)),
          load(teamResultsQuery(id)),
          load(fileTokenQuery),
        )
      : ensure(load(teamQuery(id))),
  shoots: (id) => ensure(load(teamQuery(id)), load(teamPhotoshootsQuery(id))),
  createShoot: (id) => ensure(load(teamQuery(id)), load(teamPhotoshootsQuery(id))),
  packages: (id) => ensure(load(teamQuery(id)), load(myRoleQuery(id, me())), load(packagesQuery('team'))),
  styles: (id) => ensure(load(teamQuery(id)), load(myRoleQuery(id, me())), load(stylesQuery)),
  testShoot: (id) => ensure(load(teamSummaryQuery(id)), load(teamPhotoshootsQuery(id))),
  flowHome: (photoshootId) => ensure(load(photoshootQuery(photoshootId))),
  invite: (token) => ensure(load(invitePreviewQuery(token, me()))),
};
