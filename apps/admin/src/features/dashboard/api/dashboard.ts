import { queryOptions } from '@tanstack/react-query';
import { api, superApi } from '../../../api';
import { adminRoot, superRoot } from '../../../lib/queryKeys';

export const dashboardKeys = {
  admin: [...adminRoot, 'dashboard'] as const,
  super: [...superRoot, 'dashboard'] as const,
};

/** Admin dashboard: user counts, token supply and collections. */
export const adminDashboardQueryOptions = () => queryOptions({ queryKey: dashboardKeys.admin, queryFn: () => api.dashboard() });

/** Super admin dashboard: company and sales totals. */
export const superDashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.super, queryFn: () => superApi.dashboard() });
