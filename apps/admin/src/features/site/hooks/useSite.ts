import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site';
import { PRODUCT } from '../branding';

/**
 * The company whose own address this host is (company/site/get; null on any other host), for the
 * admin sign-in page: its token's name, icon, title and meta, and the company's name. Elsewhere, and
 * until it loads, the platform (PRODUCT) with no company name. `platform` always answers the
 * platform: the super admin sign-in page never names a company.
 */
export function useSite({ platform = false }: { platform?: boolean } = {}) {
  const q = useQuery({ ...siteQueryOptions(), enabled: !platform });
  const site = platform ? undefined : (q.data?.data ?? undefined);
  const token = site?.token;
  return {
    query: q,
    companyName: site?.companyName,
    name: token?.name || PRODUCT.name,
    icon: token?.icon_url || PRODUCT.iconUrl,
    title: token?.title || token?.metaData?.title || PRODUCT.name,
    description: token?.metaData?.description,
    keywords: token?.metaData?.keywords,
  };
}
