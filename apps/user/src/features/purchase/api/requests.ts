import { FALLBACK, httpStatus, isInFlight, type RoundRequestView } from '@prelaunch/api';
import { reportError } from '@prelaunch/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IntentKeys } from '../../../lib/idempotency';
import { api } from '../../../api';
import { purchaseKeys } from './purchase';

export const requestKeys = { round: (roundId: string) => ['round-request', roundId] as const };

/**
 * GET /api/v1/user/package/request/get: the round sold by requests, the buyer's request and their
 * allocation. Read again every 5 s while the window is closing, so the allocation shows within seconds.
 */
export const roundRequestQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: requestKeys.round(roundId),
    queryFn: async () => (await api.requestGet(roundId)).data,
    enabled: Boolean(roundId),
    retry: false,
    refetchInterval: (q) => (q.state.data?.round.status === 'CLOSING' ? 3000 : false),
  });

/** POST /api/v1/user/package/request: make, change or (0) withdraw the request. */
export function useSaveRequest(roundId: string) {
  const qc = useQueryClient();
  const [keys] = useState(() => new IntentKeys());
  return useMutation({
    mutationFn: async (amount: number) => (await api.requestSave(roundId, amount, keys.keyFor({ roundId, amount }))).data,
    onSuccess: (v: RoundRequestView) => {
      qc.setQueryData(requestKeys.round(roundId), v);
      void qc.invalidateQueries({ queryKey: purchaseKeys.price });
    },
    onError: (err, amount) => {
      if (isInFlight(err)) return;
      keys.settle({ roundId, amount }, httpStatus(err) !== undefined);
      reportError(err, FALLBACK.createPurchaseOrder);
      if (httpStatus(err) === 409) void qc.invalidateQueries({ queryKey: requestKeys.round(roundId) });
    },
  });
}
