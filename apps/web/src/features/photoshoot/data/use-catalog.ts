import { useQuery } from '@tanstack/react-query';
import { fetchPackages, fetchVisibleStyles } from '../../../shared/data/catalog-api';
import { keys } from '../../../shared/data/query-keys';

const CATALOG_STALE_MS = 5 * 60_000;

/** Active styles the caller may use (the list rule narrows to public and their teams' styles). */
export function useStyles() {
  return useQuery({ queryKey: keys.styles, queryFn: fetchVisibleStyles, staleTime: CATALOG_STALE_MS });
}

/** The individual packages on sale, cheapest first. */
export function usePackages() {
  return useQuery({
    queryKey: keys.packages,
    queryFn: () => fetchPackages('individual'),
    staleTime: CATALOG_STALE_MS,
  });
}
