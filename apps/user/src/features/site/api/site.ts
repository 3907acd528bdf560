import { fetchBuyerSite, servedBuyerSite } from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';

export const siteKeys = { all: ['site'] as const };

/**
 * Public site settings: the company id sent on login/OTP/registration and the selected token.
 * Uses fetch (not axios) so the login page's first load stays small. It starts from the data
 * index.html was served with for this host, marked old so site/get runs at once.
 */
export const siteQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.all,
    queryFn: () => fetchBuyerSite(),
    initialData: servedBuyerSite,
    initialDataUpdatedAt: 0,
  });
