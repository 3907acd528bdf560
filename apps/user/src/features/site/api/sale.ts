import { fetchPublicSale } from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';

export const publicSaleKeys = { all: ['public-sale'] as const };

/**
 * sale/get: the sale the first screen shows before anyone signs in. Uses fetch (not axios), like
 * site/get, so the landing page's first load stays small; a suspended sale (423) is not retried.
 */
export const publicSaleQueryOptions = () =>
  queryOptions({ queryKey: publicSaleKeys.all, queryFn: () => fetchPublicSale(), retry: false });
