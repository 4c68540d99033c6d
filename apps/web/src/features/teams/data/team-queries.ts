/**
 * The team data both sides of the team web app read (admin pages and member pages), as query
 * options (for loaders) and React Query hooks. Records come through the records API, whose rules
 * show a team to its members only.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import { useAuth } from '../../../lib/use-auth';
import { useSubscription } from '../../../lib/use-subscription';
import type { TeamMembersRecord } from '@photoshoot/contract';
import { fetchTeamOverview, type Team, type TeamInvite } from './team-api';

/** Every key of one team starts with `['teams', id]`, so `teamScope` reaches all of them. */
export const teamKeys = {
  mine: ['teams', 'mine'] as const,
  team: (id: string) => ['teams', id] as const,
  members: (id: string) => ['teams', id, 'members'] as const,
  invites: (id: string) => ['teams', id, 'invites'] as const,
  summary: (id: string) => ['teams', id, 'summary'] as const,
  photoshoots: (id: string) => ['teams', id, 'photoshoots'] as const,
  results: (id: string) => ['teams', id, 'results'] as const,
  /** An invite link's preview, before the person belongs to any team. */
  invite: (token: string) => ['team-invite', token] as const,
};

/** After a change of members or invites: everything cached about the team is read again. */
export const teamScope = (id: string) => ({ queryKey: ['teams', id] });

export const teamQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.team(id), queryFn: () => pb.collection('teams').getOne<Team>(id) });

/** One team, kept live: seats bought elsewhere (a payment settling) show without a reload. */
export function useTeam(id: string) {
  const client = useQueryClient();
  const query = useQuery({ ...teamQuery(id), enabled: !!id });
  useSubscription<Team>(
    'teams',
    id,
    undefined,
    (e) => {
      if (e.action === 'update') client.setQueryData(teamKeys.team(id), e.record);
      else void client.invalidateQueries({ queryKey: teamKeys.team(id), exact: true });
    },
    () => void client.invalidateQueries({ queryKey: teamKeys.team(id), exact: true }),
    !!id && query.isSuccess,
  );
  return query;
}

/** A user's membership row in one team (`null`: not a member, or no such team). */
export const myRoleQuery = (teamId: string, userId: string) =>
  queryOptions({
    queryKey: [...teamKeys.team(teamId), 'role', userId],
    queryFn: async () => {
      const rows = await pb.collection('team_members').getList<TeamMembersRecord>(1, 1, {
        filter: pb.filter('team = {:team} && user = {:user}', { team: teamId, user: userId }),
        fields: 'id,role',
      });
      return rows.items[0] ?? null;
    },
  });

/** The signed-in user's role in one team (`null`: not a member, or no such team). */
export function useMyRole(teamId: string) {
  const userId = useAuth().user?.id ?? '';
  return useQuery({ ...myRoleQuery(teamId, userId), enabled: !!teamId && !!userId });
}

export type MyTeam = TeamMembersRecord<{ team?: Team }>;

/** A user's memberships, each with its team, newest first. */
export const myTeamsQuery = (userId: string) =>
  queryOptions({
    queryKey: [...teamKeys.mine, userId],
    queryFn: () =>
      pb.collection('team_members').getFullList<MyTeam>({
        filter: pb.filter('user = {:user}', { user: userId }),
        expand: 'team',
        sort: '-created',
      }),
  });

/** The signed-in user's memberships, each with its team, newest first. */
export function useMyTeams() {
  const userId = useAuth().user?.id ?? '';
  return useQuery({ ...myTeamsQuery(userId), enabled: !!userId });
}

/**
 * The team's members with their roles and states, and its seats (`GET /api/teams/{id}/members`:
 * owners and admins only; a member gets a 403).
 */
export const teamMembersQuery = (id: string) =>
  queryOptions({ queryKey: teamKeys.members(id), queryFn: () => fetchTeamOverview(id) });

export function useTeamMembers(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamMembersQuery(id), enabled: !!id && (options.enabled ?? true) });
}

/** The team's invite links, newest first (owners and admins only). */
export const teamInvitesQuery = (teamId: string) =>
  queryOptions({
    queryKey: teamKeys.invites(teamId),
    queryFn: () =>
      pb.collection('team_invites').getFullList<TeamInvite>({
        batch: FULL_LIST_BATCH,
        filter: pb.filter('team = {:team}', { team: teamId }),
        sort: '-created',
      }),
  });
