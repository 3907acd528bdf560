import type { KycLocation, KycSubmitRequest } from '@prelaunch/api';
import { reportError, toastSuccess } from '@prelaunch/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api } from '../../../api';
import { profileKeys } from '../../profile';

/** Shown when a KYC call fails without a message of the server's. */
export const KYC_FALLBACK = {
  get: 'Failed to fetch your verification',
  submit: 'Failed to submit your verification',
} as const;

export const kycKeys = { all: ['kyc'] as const };

/** GET /api/v1/user/kyc/get: status, masked numbers, documents, the rejection's reason. */
export const kycQueryOptions = () =>
  queryOptions({ queryKey: kycKeys.all, queryFn: async () => (await api.kycGet()).data, retry: false });

/**
 * POST /api/v1/user/kyc/submit: NONE or REJECTED → PENDING. The answer is the new state, shown at
 * once; a 409 (already under review or verified, from another tab say) reads the state again.
 */
/**
 * The location the buyer consented to share (or their refusal), sent with the submission as its
 * evidence; the Verification flow provides it around the form, which itself knows nothing of it.
 */
export const KycEvidence = createContext<KycLocation | undefined>(undefined);

export function useSubmitKyc(onDone: () => void) {
  const queryClient = useQueryClient();
  const location = useContext(KycEvidence);
  return useMutation({
    mutationFn: (body: KycSubmitRequest) => api.kycSubmit(location ? { ...body, location } : body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      queryClient.setQueryData(kycKeys.all, res.data);
      queryClient.invalidateQueries({ queryKey: profileKeys.all });
      onDone();
    },
    onError: (err) => {
      reportError(err, KYC_FALLBACK.submit);
      queryClient.invalidateQueries({ queryKey: kycKeys.all });
    },
  });
}
