import { FALLBACK, httpStatus, isInFlight, type RoundRequestView } from '@prelaunch/api';
import { reportError } from '@prelaunch/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IntentKeys } from '../../../lib/idempotency';
import { api } from '../../../api';
import { purchaseKeys } from './purchase';

export const requestKeys = { round: (roundId: string) => ['round-request', roundId] as const };

type RoundPhase = RoundRequestView['round']['status'];

/**
 * The round's phase at `now`: the server's, moved on when its request window opened or closed
 * since it was read (the page stays open past the close; its form must not outlive the window).
 */
export function phaseAt(
  round: { status: RoundPhase; requestStartsAt: string | null; requestEndsAt: string | null },
  now: number,
): RoundPhase {
  const passed = (at: string | null) => at !== null && Date.parse(at) <= now;
  if (round.status === 'SCHEDULED' && passed(round.requestStartsAt)) return passed(round.requestEndsAt) ? 'CLOSING' : 'OPEN';
  if (round.status === 'OPEN' && passed(round.requestEndsAt)) return 'CLOSING';
  return round.status;
}

/**
 * GET /api/v1/user/package/request/get: the round sold by requests, the buyer's request and their
 * allocation. Read again every 3 s while the window is closing (by the server's word or the clock's),
 * so the allocation shows within seconds of the close.
 */
export const roundRequestQueryOptions = (roundId: string) =>
  queryOptions({
    queryKey: requestKeys.round(roundId),
    queryFn: async () => (await api.requestGet(roundId)).data,
    enabled: Boolean(roundId),
    retry: false,
    refetchInterval: (q) => {
      const r = q.state.data?.round;
      return r && (r.status === 'CLOSING' || phaseAt(r, Date.now()) !== r.status) ? 3000 : false;
    },
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
