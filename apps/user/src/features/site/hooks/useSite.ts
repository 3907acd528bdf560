import type { BuyerToken } from '@prelaunch/api';
import { useDocumentMeta } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { siteQueryOptions } from '../api/site';

/** Dashboard defaults: the title is about the decentralized future of digital finance. */
export const DEFAULT_META = {
  title: 'ACW | The Decentralized Future of Digital Finance',
  description:
    'ACW is a decentralized, community-led project with staking and token distribution for everyone who joins early.',
  keywords: 'ACW, token, pre-launch, crypto, blockchain, AI, staking',
};

/** The default token symbol is ACW. */
export const DEFAULT_TOKEN: BuyerToken = {
  symbol: 'ACW',
  name: 'ACW',
  icon_url: '/favicon.svg',
  metaData: DEFAULT_META,
};

/** The document's title, description and keywords; undefined until the server answers. */
export interface SiteMeta {
  title?: string;
  description?: string;
  keywords?: string;
}

/**
 * The company id and the selected token, with the defaults until (or unless) the server answers.
 * The document's meta (and icon) stay undefined until then: index.html is already served with the
 * host's own, and another company's defaults must not replace them, even briefly.
 */
export function useSite() {
  const query = useQuery(siteQueryOptions());
  const serverToken = query.data?.token;
  const token: BuyerToken = {
    ...DEFAULT_TOKEN,
    ...serverToken,
    icon_url: serverToken?.icon_url || DEFAULT_TOKEN.icon_url,
  };
  const meta = serverToken?.metaData;
  const metaData: SiteMeta = serverToken
    ? {
        title: meta?.title || serverToken.name || undefined,
        description: meta?.description || undefined,
        keywords: meta?.keywords || undefined,
      }
    : {};
  return {
    companyId: query.data?.companyId,
    companyName: query.data?.companyName ?? '',
    token,
    metaData,
    /** The icon for the document: the server's, once it has answered. */
    icon: serverToken ? token.icon_url : undefined,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

/**
 * Sets the document's title ("<title> | <page>" when page is given), description, keywords and
 * icon from the site once the server has answered; until then the served ones stay.
 */
export function useSiteDocumentMeta(page?: string) {
  const { metaData, icon } = useSite();
  const title = metaData.title && page ? `${metaData.title} | ${page}` : metaData.title;
  useDocumentMeta({ title, description: metaData.description, keywords: metaData.keywords, icon });
}
