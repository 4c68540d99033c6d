/**
 * The catalog and settings the public pages show (landing page, teams info), fetched with plain
 * `fetch` so those pages load without the PocketBase SDK (the landing page's bundle budget,
 * scripts/check-bundle.mjs). The signed-in flow uses `catalog-api.ts` (SDK, TanStack Query, its
 * error handling).
 */
import { FULL_LIST_BATCH } from '../lib/list-sizes';
import { getFullList, getJson } from '../lib/public-fetch';
import type { Package, PublicConfig, Style } from './records';

/** The public style gallery (active, not a team's own); the list rule hides the rest anyway. */
export function fetchPublicStyles(): Promise<Style[]> {
  return getFullList<Style>('styles', {
    batch: FULL_LIST_BATCH,
    filter: "team = ''",
    sort: 'sortOrder,name',
  });
}

/** Active packages of both kinds in display order. */
export function fetchPublicPackages(): Promise<Package[]> {
  return getFullList<Package>('packages', { batch: FULL_LIST_BATCH, sort: 'sortOrder,priceCents' });
}

/** GET /api/public/config: the few settings every visitor may know (retention, provider, limits). */
export function fetchPublicConfig(): Promise<PublicConfig> {
  return getJson<PublicConfig>('/api/public/config');
}
