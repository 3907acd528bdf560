import { fetchBuyerSite } from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';

export const siteKeys = { all: ['site'] as const };

/**
 * Public site settings: the company id sent on login/OTP/registration and the selected token.
 * Uses fetch (not axios) so the login page's first load stays small.
 */
export const siteQueryOptions = () => queryOptions({ queryKey: siteKeys.all, queryFn: () => fetchBuyerSite() });
