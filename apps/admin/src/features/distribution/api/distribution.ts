import type { DistributionUpdate } from '@prelaunch/api';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const distributionKeys = { settings: [...adminRoot, 'distribution'] as const };

/** Failure fallbacks of the screen. */
export const DISTRIBUTION_FALLBACK = {
  get: 'Failed to fetch the distribution settings',
  update: 'Failed to update the distribution settings',
  merkle: 'Failed to download the Merkle tree',
  claims: 'Failed to download the claims',
};

/**
 * GET /api/v1/admin/distribution/get. Not refetched on focus: the screen is a form, and a
 * background refetch would put the saved values back over what the admin is typing.
 */
export const distributionQueryOptions = () =>
  queryOptions({
    queryKey: distributionKeys.settings,
    queryFn: () => api.distributionGet(),
    refetchOnWindowFocus: false,
  });

type UpdateResult = Awaited<ReturnType<typeof api.distributionUpdate>>;

/** PUT /api/v1/admin/distribution/update; the answer becomes the cached settings at once. */
export function useUpdateDistribution({ onDone, onFailed }: AdminMutationOptions<UpdateResult> = {}) {
  const qc = useQueryClient();
  return useAdminMutation((body: DistributionUpdate) => api.distributionUpdate(body), DISTRIBUTION_FALLBACK.update, [], {
    onDone: (res) => {
      qc.setQueryData(distributionKeys.settings, res);
      onDone?.(res);
    },
    onFailed,
  });
}
