import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { Result } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { mergeEvent } from './merge-event';
import { useSubscription } from '../../../lib/use-subscription';

const resultsFilter = (photoshootId: string) => pb.filter('photoshoot = {:id}', { id: photoshootId });

/** The released results of a photoshoot (the list rule shows nothing before release). */
export const resultsQuery = (photoshootId: string) =>
  queryOptions({
    queryKey: keys.results(photoshootId),
    queryFn: () =>
      pb.collection('results').getFullList<Result>({
        filter: resultsFilter(photoshootId),
        sort: 'style,variant,created',
        batch: FULL_LIST_BATCH,
      }),
  });

/** The released results of a photoshoot, live. */
export function useResults(photoshootId: string, enabled = true) {
  const client = useQueryClient();
  const query = useQuery({ ...resultsQuery(photoshootId), enabled: !!photoshootId && enabled });
  useSubscription<Result>(
    'results',
    '*',
    resultsFilter(photoshootId),
    (e) => client.setQueryData<Result[]>(keys.results(photoshootId), (list) => mergeEvent(list, e)),
    () => void client.invalidateQueries({ queryKey: keys.results(photoshootId) }),
    !!photoshootId && enabled,
  );
  return query;
}
