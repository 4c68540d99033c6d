import { useQuery } from '@tanstack/react-query';
import { FULL_LIST_BATCH, pb } from '../../../lib/pb';
import type { Package, Style } from '../types';
import { keys } from './keys';

const CATALOG_STALE_MS = 5 * 60_000;

/** Active styles the caller may use (the list rule narrows to public and their teams' styles). */
export function useStyles() {
  return useQuery({
    queryKey: keys.styles,
    queryFn: () =>
      pb.collection('styles').getFullList<Style>({ sort: 'sortOrder,name', batch: FULL_LIST_BATCH }),
    staleTime: CATALOG_STALE_MS,
  });
}

/** The individual packages on sale, cheapest first. */
export function usePackages() {
  return useQuery({
    queryKey: keys.packages,
    queryFn: () =>
      pb.collection('packages').getFullList<Package>({
        filter: "kind = 'individual'",
        sort: 'sortOrder,priceCents',
        batch: FULL_LIST_BATCH,
      }),
    staleTime: CATALOG_STALE_MS,
  });
}
