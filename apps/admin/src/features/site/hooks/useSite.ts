import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site';
import { PRODUCT } from '../branding';

/** The token's name, icon, title and meta for the login pages and titles; the product until it loads. */
export function useSite() {
  const q = useQuery(siteQueryOptions());
  const token = q.data?.data?.token;
  return {
    query: q,
    name: token?.name || PRODUCT.name,
    icon: token?.icon_url || PRODUCT.iconUrl,
    title: token?.title || token?.metaData?.title || PRODUCT.name,
    description: token?.metaData?.description,
    keywords: token?.metaData?.keywords,
  };
}
