/**
 * The back office's own endpoints: what spans the product areas (the overview, user summaries). Each area's
 * operator actions (review, refunds, requeue) stay with that area as its `adminRoutes`.
 */
import type { HttpModule } from '../../apis/http-module.js';
import { bindAdminOverviewApi } from './http/admin-overview.js';
import { bindAdminUsersApi } from './http/admin-users.js';

export const adminModule: HttpModule = {
  name: 'admin',
  adminRoutes: (admin, app) => {
    bindAdminOverviewApi(admin, app);
    bindAdminUsersApi(admin, app);
  },
};
