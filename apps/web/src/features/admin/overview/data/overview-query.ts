import { queryOptions } from '@tanstack/react-query';
import { adminPb } from '../../data/admin-client';
import { adminKeys } from '../../data/admin-keys';
import type { AdminOverview } from '../../data/admin-types';

/** `GET /api/admin/overview`: the overview's figures, also read by warnings shown on other pages. */
export const overviewQuery = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: () => adminPb.send<AdminOverview>('/api/admin/overview', {}),
});
