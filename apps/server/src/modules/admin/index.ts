/**
 * The back office's own endpoints: what spans the product areas (the overview). Each area's
 * operator actions (review, refunds, requeue) stay with that area as its `adminRoutes`.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { bindAdminOverviewApi } from './http/admin-overview.js';

export const adminModule: HttpModule = {
  name: 'admin',
  adminRoutes: bindAdminOverviewApi,
};
