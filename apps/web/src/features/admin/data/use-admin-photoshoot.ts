import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPb } from './admin-client';
import { adminKeys } from './admin-keys';
import type {
  AdminOriginal,
  AdminPayment,
  AdminPhotoshoot,
  AdminResult,
  PhotoshootEvent,
} from './admin-types';
import { useAdminLive } from './use-admin-live';

const byPhotoshoot = (id: string) => adminPb.filter('photoshoot = {:id}', { id });

/** One photoshoot as an operator sees it, and what is shown beside it. */
export const adminPhotoshootQueries = {
  /** The record, with its customer, package, team, styles and coupon. */
  photoshoot: (id: string) =>
    queryOptions({
      queryKey: adminKeys.photoshoot(id),
      queryFn: () =>
        adminPb
          .collection('photoshoots')
          .getOne<AdminPhotoshoot>(id, { expand: 'user,package,team,styles,coupon' }),
    }),
  /** Its results, every one (released or not), in style and variant order. */
  results: (id: string) =>
    queryOptions({
      queryKey: adminKeys.results(id),
      queryFn: () =>
        adminPb
          .collection('results')
          .getFullList<AdminResult>({ filter: byPhotoshoot(id), sort: 'style,variant', expand: 'style' }),
    }),
  /** The customer's uploads with their check verdicts. */
  originals: (id: string) =>
    queryOptions({
      queryKey: adminKeys.originals(id),
      queryFn: () =>
        adminPb
          .collection('original_photos')
          .getFullList<AdminOriginal>({ filter: byPhotoshoot(id), sort: 'created' }),
    }),
  payments: (id: string) =>
    queryOptions({
      queryKey: adminKeys.payments(id),
      queryFn: () =>
        adminPb
          .collection('payments')
          .getFullList<AdminPayment>({ filter: byPhotoshoot(id), sort: '-created' }),
    }),
  events: (id: string) =>
    queryOptions({
      queryKey: adminKeys.events(id),
      queryFn: () =>
        adminPb
          .collection('photoshoot_events')
          .getFullList<PhotoshootEvent>({ filter: byPhotoshoot(id), sort: 'created' }),
    }),
};

export const useAdminPhotoshoot = (id: string) => useQuery(adminPhotoshootQueries.photoshoot(id));
export const useAdminResults = (id: string) => useQuery(adminPhotoshootQueries.results(id));
export const useAdminOriginals = (id: string) => useQuery(adminPhotoshootQueries.originals(id));
export const useAdminPayments = (id: string) => useQuery(adminPhotoshootQueries.payments(id));
export const useAdminEvents = (id: string) => useQuery(adminPhotoshootQueries.events(id));

/**
 * Everything about photoshoot `id` stays live: a change to the record, its results, uploads,
 * payments or timeline re-reads what is shown.
 */
export function useAdminPhotoshootLive(id: string, parts: { originals?: boolean; payments?: boolean } = {}) {
  const all = adminKeys.photoshootAll(id);
  useAdminLive('photoshoots', adminPb.filter('id = {:id}', { id }), all);
  useAdminLive('results', byPhotoshoot(id), adminKeys.results(id));
  useAdminLive('photoshoot_events', byPhotoshoot(id), adminKeys.events(id));
  useAdminLive(
    'original_photos',
    byPhotoshoot(id),
    adminKeys.originals(id),
    undefined,
    parts.originals !== false,
  );
  useAdminLive('payments', byPhotoshoot(id), adminKeys.payments(id), undefined, parts.payments !== false);
}
