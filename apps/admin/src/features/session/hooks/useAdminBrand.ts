import { useQuery } from '@tanstack/react-query';
import { PRODUCT } from '../../site';
import { profileQueryOptions } from '../api/session';

/**
 * Once signed in, the admin app wears the admin's own company (profile/get), not the
 * host's default site (company/site/get, which only the login pages use); the product until the
 * profile has loaded.
 */
export function useAdminBrand() {
  const q = useQuery(profileQueryOptions());
  const p = q.data?.data;
  const token = p?.token;
  return {
    query: q,
    name: token?.name || PRODUCT.name,
    icon: token?.icon_url || PRODUCT.iconUrl,
    title: token?.title || token?.metaData?.title || token?.name || PRODUCT.name,
    companyName: p?.company?.name,
  };
}
