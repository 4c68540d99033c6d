/**
 * The catalog (styles, packages) as the signed-in flow fetches it, with the SDK (its errors drive
 * the flow's messages and the 401 sign-out). The public pages use `public-catalog-api.ts`.
 */
import type { PackageKind } from '@photoshoot/contract';
import { FULL_LIST_BATCH, pb } from '../../lib/pb';

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
