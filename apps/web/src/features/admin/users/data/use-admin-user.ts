import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserSummary } from '@photoshoot/contract';
import type { RecordModel } from 'pocketbase';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';
import type { AdminPayment, AdminPhotoshoot, AdminTeam, AdminUser } from '../../data/admin-types';
import { useAdminLive } from '../../data/use-admin-live';

export type AdminMembership = RecordModel & {
  team: string;
  user: string;
  role: 'owner' | 'admin' | 'member';
  expand?: { team?: AdminTeam & { owner: string } };
};

const byUser = (id: string) => adminPb.filter('user = {:id}', { id });

/** One customer: the record, and what the back office shows beside it (all under one key). */
export const adminUserQueries = {
  user: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.user(id), 'record'],
      queryFn: () => adminPb.collection('users').getOne<AdminUser & { companyName: string }>(id),
    }),
  summary: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.user(id), 'summary'],
      queryFn: async () => {
        const { items } = await adminPb.send<{ items: AdminUserSummary[] }>('/api/admin/users/summaries', {
          query: { ids: id },
        });
        return items[0] ?? null;
      },
    }),
  photoshoots: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.user(id), 'photoshoots'],
      queryFn: () =>
        adminPb
          .collection('photoshoots')
          .getFullList<AdminPhotoshoot>({ filter: byUser(id), sort: '-created', expand: 'package,team' }),
    }),
  payments: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.user(id), 'payments'],
      queryFn: () =>
        adminPb.collection('payments').getFullList<AdminPayment>({ filter: byUser(id), sort: '-created' }),
    }),
  teams: (id: string) =>
    queryOptions({
      queryKey: [...adminKeys.user(id), 'teams'],
      queryFn: () =>
        adminPb
          .collection('team_members')
          .getFullList<AdminMembership>({ filter: byUser(id), sort: 'created', expand: 'team' }),
    }),
};

export function useAdminUser(id: string) {
  return {
    user: useQuery(adminUserQueries.user(id)),
    summary: useQuery(adminUserQueries.summary(id)),
    photoshoots: useQuery(adminUserQueries.photoshoots(id)),
    payments: useQuery(adminUserQueries.payments(id)),
    teams: useQuery(adminUserQueries.teams(id)),
  };
}

/** How many other members each of these teams has: a team they own with others blocks the deletion. */
export const otherMembersQuery = (userId: string, teamIds: string[]) =>
  queryOptions({
    queryKey: [...adminKeys.user(userId), 'other-members', teamIds],
    enabled: teamIds.length > 0,
    queryFn: async () => {
      const filter = teamIds
        .map((team) => adminPb.filter('(team = {:team} && user != {:user})', { team, user: userId }))
        .join(' || ');
      const rows = await adminPb
        .collection('team_members')
        .getFullList<AdminMembership>({ filter, fields: 'id,team' });
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(r.team, (counts.get(r.team) ?? 0) + 1);
      return counts;
    },
  });

export const useOtherMembers = (userId: string, teamIds: string[]) =>
  useQuery(otherMembersQuery(userId, teamIds));

/** Everything shown about the customer re-reads when their account, photoshoots, payments or teams change. */
export function useAdminUserLive(id: string) {
  const key = adminKeys.user(id);
  useAdminLive('users', adminPb.filter('id = {:id}', { id }), key);
  useAdminLive('photoshoots', byUser(id), key);
  useAdminLive('payments', byUser(id), key);
  useAdminLive('team_members', byUser(id), key);
}
