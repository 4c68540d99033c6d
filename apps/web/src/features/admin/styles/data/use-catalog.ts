import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RenderPreviewResponse, StyleOrderRequest, StyleOrderResponse } from '@photoshoot/contract';
import { useCallback } from 'react';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';
import type { AdminStyle } from '../../data/admin-types';
import { useAdminLive } from '../../data/use-admin-live';

/**
 * The whole catalogue for /admin/styles: every style (inactive and team-only ones too) with the
 * fields only operators see, in display order, kept live.
 */
export const catalogQuery = queryOptions({
  queryKey: adminKeys.catalog,
  queryFn: () =>
    adminPb.collection('styles').getFullList<AdminStyle>({ sort: 'sortOrder,name', expand: 'team' }),
});

export function useAdminCatalog() {
  const query = useQuery(catalogQuery);
  useAdminLive('styles', undefined, adminKeys.catalog);
  return query;
}

/** Re-reads every back-office list that shows styles (this page's, and the filters' short lists). */
export function useRefreshStyles() {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.catalog }),
        client.invalidateQueries({ queryKey: adminKeys.styles }),
      ]),
    [client],
  );
}

export function saveStyle(id: string | null, body: Record<string, unknown>): Promise<AdminStyle> {
  const styles = adminPb.collection('styles');
  return id ? styles.update<AdminStyle>(id, body) : styles.create<AdminStyle>(body);
}

/** `POST /api/admin/styles/order`: every style's id in the new display order. */
export function saveStyleOrder(ids: readonly string[]): Promise<StyleOrderResponse> {
  const body: StyleOrderRequest = { ids: [...ids] };
  return adminPb.send<StyleOrderResponse>('/api/admin/styles/order', { method: 'POST', body });
}

/** `POST /api/admin/styles/{id}/render-preview`: the studio engine's picture of the saved look. */
export function renderStylePreview(id: string): Promise<RenderPreviewResponse> {
  return adminPb.send<RenderPreviewResponse>(`/api/admin/styles/${encodeURIComponent(id)}/render-preview`, {
    method: 'POST',
  });
}
