import { useQuery } from '@tanstack/react-query';
import type { AdminUserSummary } from '@photoshoot/contract';
import { adminPb } from '../admin-client';
import { adminKeys } from '../data/admin-keys';

/** Photoshoot counts, last activity and sign-in methods of these users (`/api/admin/users/summaries`). */
export function useUserSummaries(ids: string[]) {
  return useQuery({
    queryKey: adminKeys.userSummaries(ids),
    enabled: ids.length > 0,
    queryFn: async () => {
      const { items } = await adminPb.send<{ items: AdminUserSummary[] }>('/api/admin/users/summaries', {
        query: { ids: ids.join(',') },
      });
      return new Map(items.map((s) => [s.id, s]));
    },
  });
}
