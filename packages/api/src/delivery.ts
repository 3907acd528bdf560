import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import type { components, operations } from './generated/admin';

type S = components['schemas'];

/** GET /api/v1/admin/distribution/preview: what a run would send now (amounts in base units, as strings). */
export type DistributionPreview = S['DistributionPreviewAnswer']['data'];
/** POST /api/v1/admin/distribution/run. */
export type DistributionStarted = S['DistributionRunAnswer']['data'];
/** One token transfer of the company's list. */
export type DistributionTransfer = S['DistributionTransfer'];
export type DistributionTransferStatus = DistributionTransfer['status'];
/** GET /api/v1/admin/distribution/list: a page of transfers and the counts by status. */
export type DistributionTransferList = S['DistributionListAnswer']['data'];
export type DistributionListQuery = NonNullable<operations['adminDistributionList']['parameters']['query']>;

/** Token delivery on chain, company admin, served by bff-admin. */
export function deliveryCalls(client: AxiosInstance) {
  return {
    distributionPreview: () => call<DistributionPreview>(client.get('/api/v1/admin/distribution/preview')),
    distributionRun: () => call<DistributionStarted>(client.post('/api/v1/admin/distribution/run', {})),
    distributionTransfers: ({ runId, status, page = 1, limit = 10 }: DistributionListQuery = {}) =>
      call<DistributionTransferList>(
        client.get('/api/v1/admin/distribution/list', { params: withoutEmpty({ runId, status, page, limit }) }),
      ),
    distributionRetry: (id: string) => call<{ id: string }>(client.post('/api/v1/admin/distribution/retry', { id })),
  };
}
