import type { WalletVerifyRequest } from '@prelaunch/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api';
import { profileKeys } from './profile';

export const walletKeys = { all: ['wallet'] as const };

/** GET /api/v1/user/wallet/get: the buyer's proved wallet (nulls when none). */
export const walletQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.all, queryFn: async () => (await api.walletGet()).data });

/** GET /api/v1/user/wallet/challenge: the message to sign with this address. */
export function useWalletChallenge() {
  return useMutation({ mutationFn: async (address: string) => (await api.walletChallenge(address)).data });
}

/** POST /api/v1/user/wallet/verify; the wallet and the profile (which shows it) are fetched again. */
export function useWalletVerify(onVerified: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WalletVerifyRequest) => (await api.walletVerify(body)).data,
    onSuccess: () => {
      onVerified();
      queryClient.invalidateQueries({ queryKey: walletKeys.all });
      queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
