/** The catalog (styles, packages) and the public settings, as every page fetches them. */
import type { PackageKind } from '@photoshoot/contract';
import { FULL_LIST_BATCH, pb } from '../lib/pb';
import type { PublicConfig } from './records';

/** The public style gallery (active, not a team's own); the list rule hides the rest anyway. */
export function fetchPublicStyles() {
  return pb
    .collection('styles')
    .getFullList({ batch: FULL_LIST_BATCH, filter: "team = ''", sort: 'sortOrder,name' });
}

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

/** GET /api/public/config: the few settings every visitor may know (retention, provider, limits). */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return pb.send<PublicConfig>('/api/public/config', { method: 'GET' });
}
