import { ADMIN_FALLBACK, type TokenUpdateRequest } from '@prelaunch/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { reportError } from '@prelaunch/ui';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';
import { sessionKeys } from '../../session';
import { siteKeys } from '../../site';

export const tokenKeys = { settings: [...adminRoot, 'token'] as const };

/**
 * GET /api/v1/admin/token/get. Not refetched on focus: the screen is a form, and a background
 * refetch would put the saved values back over what the admin is typing.
 */
export const tokenQueryOptions = () =>
  queryOptions({ queryKey: tokenKeys.settings, queryFn: () => api.tokenGet(), refetchOnWindowFocus: false, staleTime: Infinity });

type UpdateResult = Awaited<ReturnType<typeof api.tokenUpdate>>;

/**
 * PUT /api/v1/admin/token/update. The answer is the token as get returns it, so it becomes the
 * cached settings at once (the form reloads from it); the shell's brand and the site are fetched again.
 */
export function useUpdateToken({ onDone, onFailed }: AdminMutationOptions<UpdateResult> = {}) {
  const qc = useQueryClient();
  return useAdminMutation((body: TokenUpdateRequest) => api.tokenUpdate(body), ADMIN_FALLBACK.tokenUpdate, [sessionKeys.profile, siteKeys.all], {
    onDone: (res) => {
      qc.setQueryData(tokenKeys.settings, res);
      onDone?.(res);
    },
    onFailed,
  });
}

/** Uploads one image (a logo or the icon) and returns the stored file: its id and a signed url to preview. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const res = await api.mediaAdd(file, file.name);
      const first = res.data[0];
      if (!first) throw new Error('no file stored');
      return first;
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.upload),
  });
}

export const allocationKeys = { round: (roundId: string, page: number) => [...adminRoot, 'round-allocation', roundId, page] as const };

/** GET /api/v1/admin/token/round/allocation, read again every 5 s (the requests come in live). */
export const roundAllocationQueryOptions = (roundId: string, page: number) =>
  queryOptions({
    queryKey: allocationKeys.round(roundId, page),
    queryFn: () => api.roundAllocation(roundId, page),
    refetchInterval: 5000,
  });

/** POST .../allocation/second-pass: lapsed tokens shared among the requests still short. */
export function useSecondPass(roundId: string, { onDone }: AdminMutationOptions<Awaited<ReturnType<typeof api.roundSecondPass>>> = {}) {
  return useAdminMutation(() => api.roundSecondPass(roundId), ADMIN_FALLBACK.tokenUpdate, [[...adminRoot, 'round-allocation', roundId], tokenKeys.settings], { onDone });
}
