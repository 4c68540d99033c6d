import { useQuery } from '@tanstack/react-query';
import { CATALOG_STALE_MS, packagesQuery, stylesQuery } from '../../../shared/data/catalog-api';

/** Active styles the caller may use (the list rule narrows to public and their teams' styles). */
export function useStyles() {
  return useQuery(stylesQuery);
}

/** The individual packages on sale, cheapest first. */
export function usePackages() {
  return useQuery({ ...packagesQuery('individual'), staleTime: CATALOG_STALE_MS });
}
