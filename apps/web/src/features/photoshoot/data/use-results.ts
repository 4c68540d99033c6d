import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { Result } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { mergeEvent } from './merge-event';
import { useSubscription } from '../../../lib/use-subscription';

/** The released results of a photoshoot (the list rule shows nothing before release), live. */
export function useResults(photoshootId: string, enabled = true) {
  const client = useQueryClient();
  const filter = pb.filter('photoshoot = {:id}', { id: photoshootId });
  const query = useQuery({
    queryKey: keys.results(photoshootId),
    queryFn: () =>
      pb
        .collection('results')
        .getFullList<Result>({ filter, sort: 'style,variant,created', batch: FULL_LIST_BATCH }),
    enabled: !!photoshootId && enabled,
  });
  useSubscription<Result>(
    'results',
    '*',
    filter,
    (e) => client.setQueryData<Result[]>(keys.results(photoshootId), (list) => mergeEvent(list, e)),
    () => void client.invalidateQueries({ queryKey: keys.results(photoshootId) }),
    !!photoshootId && enabled,
  );
  return query;
}
