import type { BuyerToken } from '@prelaunch/api';
import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site';

/** SPEC §2 dashboard defaults: the title is about the decentralized future of digital finance. */
export const DEFAULT_META = {
  title: 'ACW | The Decentralized Future of Digital Finance',
  description:
    'ACW is a decentralized, community-led project with staking and token distribution for everyone who joins early.',
  keywords: 'ACW, token, pre-launch, crypto, blockchain, AI, staking',
};

/** SPEC §9: the default token symbol is ACW. */
export const DEFAULT_TOKEN: BuyerToken = {
  symbol: 'ACW',
  name: 'ACW',
  icon_url: '/favicon.svg',
  metaData: DEFAULT_META,
};

/** The company id and the selected token, with the defaults until (or unless) the server answers. */
export function useSite() {
  const query = useQuery(siteQueryOptions());
  const serverToken = query.data?.token;
  const token: BuyerToken = {
    ...DEFAULT_TOKEN,
    ...serverToken,
    icon_url: serverToken?.icon_url || DEFAULT_TOKEN.icon_url,
  };
  const meta = serverToken?.metaData;
  return {
    companyId: query.data?.companyId,
    token,
    metaData: {
      title: meta?.title || DEFAULT_META.title,
      description: meta?.description || DEFAULT_META.description,
      keywords: meta?.keywords || DEFAULT_META.keywords,
    },
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
