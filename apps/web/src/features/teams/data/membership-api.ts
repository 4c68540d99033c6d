/**
 * Membership rows of a team (`team_members`) as the records API changes them: roles, removal,
 * leaving, and the guard's check that the signed-in user belongs to the team.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TeamMembersRecord } from '@photoshoot/contract';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { TeamRole } from '../../../shared/records';
import { teamKeys } from './team-queries';

/** The members' membership rows by user: the records API changes roles and removes by their id. */
export const membershipIdsQuery = (teamId: string) =>
  queryOptions({
    queryKey: [...teamKeys.members(teamId), 'ids'],
    queryFn: async () => {
      const rows = await pb.collection('team_members').getFullList<TeamMembersRecord>({
        batch: FULL_LIST_BATCH,
        filter: pb.filter('team = {:team}', { team: teamId }),
        fields: 'id,user',
      });
      return new Map(rows.map((r) => [r.user, r.id]));
    },
  });

export function setMemberRole(membershipId: string, role: 'admin' | 'member') {
  return pb.collection('team_members').update(membershipId, { role });
}

/** Removes a member, or (one's own row) leaves the team. */
export function removeMembership(membershipId: string): Promise<boolean> {
  return pb.collection('team_members').delete(membershipId);
}

/** The user's role in the team; the SDK's 404 when they are not a member (or there is no such team). */
export async function fetchMemberRole(teamId: string, userId: string): Promise<TeamRole> {
  const membership = await pb
    .collection('team_members')
    .getFirstListItem<{ role: TeamRole }>(
      pb.filter('team = {:team} && user = {:user}', { team: teamId, user: userId }),
      { fields: 'role' },
    );
  return membership.role;
}
