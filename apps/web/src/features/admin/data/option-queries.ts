import { queryOptions } from '@tanstack/react-query';
import type { Package, Style } from '../../../shared/records';
import { adminPb } from './admin-client';
import { adminKeys } from './admin-keys';
import type { AdminTeam } from './admin-types';

/** What the back office's filters and forms choose from; it seldom changes, so 5 minutes is fresh. */
const OPTIONS_STALE_MS = 5 * 60_000;

/** The packages' names, in the shop's order. */
export const packageNamesQuery = queryOptions({
  queryKey: adminKeys.packages,
  queryFn: () =>
    adminPb.collection('packages').getFullList<Package>({ sort: 'sortOrder', fields: 'id,name' }),
  staleTime: OPTIONS_STALE_MS,
});

/** The packages with what a coupon form needs of them (currency, kind). */
export const packagesQuery = queryOptions({
  queryKey: [...adminKeys.packages, 'full'],
  queryFn: () =>
    adminPb
      .collection('packages')
      .getFullList<Package>({ sort: 'sortOrder', fields: 'id,name,currency,kind' }),
  staleTime: OPTIONS_STALE_MS,
});

/** The teams' names (the first 200 by name). */
export const teamNamesQuery = queryOptions({
  queryKey: adminKeys.teams,
  queryFn: () => adminPb.collection('teams').getList<AdminTeam>(1, 200, { sort: 'name', fields: 'id,name' }),
  staleTime: OPTIONS_STALE_MS,
});

/** The styles' names, in the catalogue's order. */
export const styleNamesQuery = queryOptions({
  queryKey: adminKeys.styles,
  queryFn: () => adminPb.collection('styles').getFullList<Style>({ sort: 'sortOrder', fields: 'id,name' }),
  staleTime: OPTIONS_STALE_MS,
});

/** The server's settings (`GET /api/settings`), every section. */
export const settingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: () => adminPb.settings.getAll(),
});
