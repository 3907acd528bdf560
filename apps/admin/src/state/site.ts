import { useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { PRODUCT } from '../branding';

/** Public branding of the default token (GET /api/v1/company/site/get). */
export function useSite() {
  const q = useQuery({ queryKey: ['site'], queryFn: () => api.siteGet(), staleTime: 5 * 60_000 });
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
