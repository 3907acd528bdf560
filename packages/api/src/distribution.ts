import type { AxiosInstance } from 'axios';
import { call } from './call';
import { downloadFile } from './download';
import type { components } from './generated/admin';

type S = components['schemas'];

/** GET /api/v1/admin/distribution/get: chain, treasury, TGE, vesting schedules, totals. */
export type Distribution = S['Distribution'];
export type DistributionSchedule = S['DistributionSchedule'];
/** PUT /api/v1/admin/distribution/update: the whole settings. */
export type DistributionUpdate = S['DistributionUpdate'];

/** The admin's token distribution calls (core/delivery through bff-admin). */
export function distributionCalls(client: AxiosInstance) {
  return {
    distributionGet: () => call<Distribution>(client.get('/api/v1/admin/distribution/get')),
    distributionUpdate: (body: DistributionUpdate) =>
      call<Distribution>(client.put('/api/v1/admin/distribution/update', body)),
    /** The claims' Merkle tree (StandardMerkleTree dump) at `at` (ISO; now when absent), saved as a download. */
    distributionMerkle: (at?: string) =>
      downloadFile(client, '/api/v1/admin/distribution/merkle.json', at ? { at } : {}, 'merkle.json'),
    /** The claims as CSV (address, amount) at `at`, saved as a download: the same amounts as merkle.json at the same `at`. */
    distributionClaims: (at?: string) =>
      downloadFile(client, '/api/v1/admin/distribution/claims.csv', at ? { at } : {}, 'claims.csv'),
  };
}
