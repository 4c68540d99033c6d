import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { OriginalPhoto } from '../../../shared/records';
import { keys } from '../../../shared/data/query-keys';
import { mergeEvent } from './merge-event';
import { useSubscription } from '../../../lib/use-subscription';

const photosFilter = (photoshootId: string) => pb.filter('photoshoot = {:id}', { id: photoshootId });

/** A photoshoot's uploaded photos with their check results, oldest first. */
export const photosQuery = (photoshootId: string) =>
  queryOptions({
    queryKey: keys.photos(photoshootId),
    queryFn: () =>
      pb.collection('original_photos').getFullList<OriginalPhoto>({
        filter: photosFilter(photoshootId),
        sort: 'created',
        batch: FULL_LIST_BATCH,
      }),
  });

/** A photoshoot's uploaded photos with their check results, live. */
export function usePhotos(photoshootId: string) {
  const client = useQueryClient();
  const query = useQuery({ ...photosQuery(photoshootId), enabled: !!photoshootId });
  useSubscription<OriginalPhoto>(
    'original_photos',
    '*',
    photosFilter(photoshootId),
    (e) => client.setQueryData<OriginalPhoto[]>(keys.photos(photoshootId), (list) => mergeEvent(list, e)),
    () => void client.invalidateQueries({ queryKey: keys.photos(photoshootId) }),
    !!photoshootId,
  );
  return query;
}

/** Removes an uploaded photo (its owner may, while the photoshoot is a draft). */
export function deleteOriginal(id: string): Promise<boolean> {
  return pb.collection('original_photos').delete(id);
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
