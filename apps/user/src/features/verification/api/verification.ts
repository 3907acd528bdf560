import type { BankAccountRequest, MobileVerifyRequest } from '@prelaunch/api';
import { reportError, toastSuccess } from '@prelaunch/ui';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { profileKeys } from '../../profile';

/** Shown when a call fails without a message of the server's. */
export const VERIFY_FALLBACK = {
  otp: 'Failed to send the SMS',
  verify: 'Failed to verify the code',
  bank: 'Failed to verify the bank account',
  bankGet: 'Failed to fetch your bank account',
} as const;

export const bankKeys = { all: ['bank-account'] as const };

/** GET /api/v1/user/bank-account/get: the buyer's verified account, null when none. */
export const bankAccountQueryOptions = () =>
  queryOptions({ queryKey: bankKeys.all, queryFn: async () => (await api.bankAccountGet()).data ?? null, retry: false });

/** POST /api/v1/user/auth/mobile/otp: a code by SMS. */
export function useSendMobileCode(onSent: () => void) {
  return useMutation({
    mutationFn: (mobile: string) => api.mobileOtp({ mobile }),
    onSuccess: (res) => {
      toastSuccess(res.message);
      onSent();
    },
    onError: (err) => reportError(err, VERIFY_FALLBACK.otp),
  });
}

/** POST /api/v1/user/auth/mobile/verify: the profile's mobile becomes this one, verified. */
export function useVerifyMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MobileVerifyRequest) => api.mobileVerify(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (err) => reportError(err, VERIFY_FALLBACK.verify),
  });
}

/** POST /api/v1/user/bank-account: checked with the bank, then the buyer's. */
export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankAccountRequest) => api.bankAccountSave(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      queryClient.setQueryData(bankKeys.all, res.data);
    },
    onError: (err) => reportError(err, VERIFY_FALLBACK.bank),
  });
}

/** IFSC: 4 letters (the bank), 0, then 6 letters or digits (the branch) — the server's rule. */
export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
