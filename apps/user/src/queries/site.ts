import type { SiteInfo, TokenConfig } from '@prelaunch/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api';

/** SPEC §9: the default token symbol is ACW. */
export const DEFAULT_TOKEN: TokenConfig = {
  symbol: 'ACW',
  name: 'ACW',
  iconUrl: '/favicon.svg',
  metaData: {
    title: 'ACW | The Decentralized Future of Digital Finance',
    description:
      'ACW is a decentralized, community-led project with staking and token distribution for everyone who joins early.',
    keywords: 'ACW, token, pre-launch, crypto, blockchain, AI, staking',
  },
};

/** Public site settings: the company id sent on login/OTP/registration and the selected token. */
export function useSite() {
  const query = useQuery<SiteInfo>({
    queryKey: ['site'],
    queryFn: async () => (await api.siteGet()).data,
  });
  const token: TokenConfig = { ...DEFAULT_TOKEN, ...query.data?.token };
  return {
    companyId: query.data?.companyId,
    token,
    metaData: { ...DEFAULT_TOKEN.metaData!, ...query.data?.token?.metaData },
    isLoading: query.isLoading,
    isError: query.isError,
  };
}
