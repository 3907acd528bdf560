import type { TransactionListQuery } from '@prelaunch/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../api';

export const qk = {
  profile: ['profile'] as const,
  price: ['price'] as const,
  beneficiary: ['beneficiary'] as const,
  order: (id: string) => ['order', id] as const,
  transactions: (q: TransactionListQuery) => ['transactions', q] as const,
  globalStock: (page: number, limit: number) => ['stock', 'global', page, limit] as const,
  myStock: (page: number, limit: number) => ['stock', 'my', page, limit] as const,
};

export function useProfile() {
  return useQuery({ queryKey: qk.profile, queryFn: async () => (await api.profileGet()).data });
}

export function usePrice() {
  return useQuery({ queryKey: qk.price, queryFn: async () => (await api.priceGet()).data });
}

export function useBeneficiary() {
  return useQuery({ queryKey: qk.beneficiary, queryFn: async () => (await api.beneficiaryGet()).data });
}

export function useOrder(id: string | null) {
  return useQuery({
    queryKey: qk.order(id ?? ''),
    queryFn: async () => (await api.orderGet(id!)).data,
    enabled: Boolean(id),
    retry: false,
  });
}

export function useTransactions(q: TransactionListQuery) {
  return useQuery({
    queryKey: qk.transactions(q),
    queryFn: async () => (await api.transactionList(q)).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useGlobalStock(page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.globalStock(page, limit),
    queryFn: async () => (await api.globalStockList(page, limit)).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useMyStock(page: number, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: qk.myStock(page, limit),
    queryFn: async () => (await api.myStockList(page, limit)).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}
