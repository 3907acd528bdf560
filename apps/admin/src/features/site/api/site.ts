import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';

export const siteKeys = { all: ['site'] as const };

/** Public branding of the default token (GET /api/v1/company/site/get). */
export const siteQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.all, queryFn: () => api.siteGet(), staleTime: 5 * 60_000 });
