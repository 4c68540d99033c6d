import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { OriginalPhoto } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { mergeEvent } from './merge-event';
import { useSubscription } from '../../../lib/use-subscription';

/** A photoshoot's uploaded photos with their check results, live. */
export function usePhotos(photoshootId: string) {
  const client = useQueryClient();
  const filter = pb.filter('photoshoot = {:id}', { id: photoshootId });
  const query = useQuery({
    queryKey: keys.photos(photoshootId),
    queryFn: () =>
      pb
        .collection('original_photos')
        .getFullList<OriginalPhoto>({ filter, sort: 'created', batch: FULL_LIST_BATCH }),
    enabled: !!photoshootId,
  });
  useSubscription<OriginalPhoto>(
    'original_photos',
    '*',
    filter,
    (e) => client.setQueryData<OriginalPhoto[]>(keys.photos(photoshootId), (list) => mergeEvent(list, e)),
    () => void client.invalidateQueries({ queryKey: keys.photos(photoshootId) }),
    !!photoshootId,
  );
  return query;
}

export function countByQc(photos: OriginalPhoto[] | undefined) {
  const counts = { accepted: 0, rejected: 0, pending: 0, total: photos?.length ?? 0 };
  for (const p of photos ?? []) {
    if (p.qc === 'accepted') counts.accepted++;
    else if (p.qc === 'rejected') counts.rejected++;
    else counts.pending++;
  }
  return counts;
}
