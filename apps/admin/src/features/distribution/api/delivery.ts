import { type DistributionListQuery, type DistributionTransferList } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';
import { adminRoot } from '../../../lib/queryKeys';

export const deliveryKeys = {
  all: [...adminRoot, 'distribution', 'delivery'] as const,
  preview: () => [...adminRoot, 'distribution', 'delivery', 'preview'] as const,
  transfers: (q: DistributionListQuery) => [...adminRoot, 'distribution', 'delivery', 'transfers', q] as const,
};

/** How often the transfers are read again while some are queued or sent. */
export const PROGRESS_POLL_MS = 3000;

/** Whether a list still has transfers on their way (queued or sent, not yet final). */
export function inFlight(list?: DistributionTransferList): boolean {
  return !!list && list.counts.QUEUED + list.counts.SENT > 0;
}

/** GET distribution/preview: what a run would send now. */
export const distributionPreviewQueryOptions = () =>
  queryOptions({ queryKey: deliveryKeys.preview(), queryFn: () => api.distributionPreview() });

/** GET distribution/list: a page of transfers, polled while some are on their way. */
export const distributionTransfersQueryOptions = (q: DistributionListQuery) =>
  queryOptions({
    queryKey: deliveryKeys.transfers(q),
    queryFn: () => api.distributionTransfers(q),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (inFlight(query.state.data?.data) ? PROGRESS_POLL_MS : false),
  });

/**
 * A base-unit amount (an integer string) in whole tokens: "1500000000000000000" with 18 decimals
 * is "1.5". Exact (BigInt), never through a float.
 */
export function formatUnits(baseUnits: string, decimals: number): string {
  if (!/^\d+$/.test(baseUnits)) return baseUnits;
  const v = BigInt(baseUnits);
  if (decimals <= 0) return v.toLocaleString('en-IN');
  const unit = 10n ** BigInt(decimals);
  const whole = (v / unit).toLocaleString('en-IN');
  const frac = (v % unit).toString().padStart(decimals, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/** The explorer's page of a transaction: the server's link, else <explorer>/tx/<hash>. */
export function txLink(txUrl: string | null | undefined, txHash: string | null | undefined, explorerUrl?: string): string | null {
  if (txUrl) return txUrl;
  if (!txHash || !explorerUrl) return null;
  return `${explorerUrl.replace(/\/+$/, '')}/tx/${txHash}`;
}
