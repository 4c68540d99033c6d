import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Photoshoot } from '../../../shared/records';
import { photoshootQuery } from '../../../shared/data/photoshoot-api';
import { keys } from '../../../shared/data/query-keys';
import { useSubscription } from '../../../lib/use-subscription';

/** One photoshoot, kept live: realtime updates land in the cache, a reconnect re-reads it. */
export function usePhotoshoot(id: string, options: { pollMs?: number } = {}) {
  const client = useQueryClient();
  const query = useQuery({
    ...photoshootQuery(id),
    enabled: !!id,
    refetchInterval: options.pollMs ?? false,
  });
  useSubscription<Photoshoot>(
    'photoshoots',
    id,
    undefined,
    (e) => {
      if (e.action === 'update') client.setQueryData(keys.photoshoot(id), e.record);
      else if (e.action === 'delete') void client.invalidateQueries({ queryKey: keys.photoshoot(id) });
    },
    () => void client.invalidateQueries({ queryKey: keys.photoshoot(id), exact: true }),
    !!id && query.isSuccess,
  );
  return query;
}
