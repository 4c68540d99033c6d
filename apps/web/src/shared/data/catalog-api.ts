/**
 * The catalog (styles, packages) as the signed-in flow fetches it, with the SDK (its errors drive
 * the flow's messages and the 401 sign-out). The public pages use `public-catalog-api.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PackageKind } from '@photoshoot/contract';
import { FULL_LIST_BATCH, pb } from '../../lib/pb';
import { keys } from './query-keys';

/** The catalog changes rarely (an operator's edit): a page opened within minutes reuses it. */
export const CATALOG_STALE_MS = 5 * 60_000;

/** Every active style the caller may use: the list rule narrows it to public ones and their teams'. */
export function fetchVisibleStyles() {
  return pb.collection('styles').getFullList({ batch: FULL_LIST_BATCH, sort: 'sortOrder,name' });
}

/** Active packages in display order, of one kind or both. */
export function fetchPackages(kind?: PackageKind) {
  return pb.collection('packages').getFullList({
    batch: FULL_LIST_BATCH,
    sort: 'sortOrder,priceCents',
    ...(kind ? { filter: pb.filter('kind = {:kind}', { kind }) } : {}),
  });
}

export const stylesQuery = queryOptions({
  queryKey: keys.styles,
  queryFn: fetchVisibleStyles,
  staleTime: CATALOG_STALE_MS,
});

/** The packages on sale to individuals or to teams, in display order. */
export const packagesQuery = (kind: PackageKind) =>
  queryOptions({ queryKey: keys.packages(kind), queryFn: () => fetchPackages(kind) });
