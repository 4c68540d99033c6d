import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserSummary } from '@photoshoot/contract';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';
import { useAdminLive } from '../../data/use-admin-live';

/**
 * Photoshoot counts, last activity and sign-in methods of these users (`/api/admin/users/summaries`),
 * fetched again when a photoshoot of one of them is created, changes or goes.
 */
export const userSummariesQuery = (ids: string[]) =>
  queryOptions({
    queryKey: adminKeys.userSummaries(ids),
    enabled: ids.length > 0,
    queryFn: async () => {
      const { items } = await adminPb.send<{ items: AdminUserSummary[] }>('/api/admin/users/summaries', {
        query: { ids: ids.join(',') },
      });
      return new Map(items.map((s) => [s.id, s]));
    },
  });

export function useUserSummaries(ids: string[]) {
  useAdminLive('photoshoots', ownedBy(ids), adminKeys.userSummaries(ids), undefined, ids.length > 0);
  return useQuery(userSummariesQuery(ids));
}

/** The realtime filter of the photoshoots of these users (one page of the list: at most 30). */
function ownedBy(ids: string[]): string {
  const params = Object.fromEntries(ids.map((id, i) => [`u${i}`, id]));
  return adminPb.filter(ids.map((_, i) => `user = {:u${i}}`).join(' || '), params);
}
