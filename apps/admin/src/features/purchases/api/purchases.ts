import {
  ADMIN_FALLBACK,
  type AdminPurchaseListQuery,
  type AdminRefundRequest,
  type BulkAction,
  type PurchaseBulkResult,
  type SuperAdminPurchaseListQuery,
} from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, superApi } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot, superRoot } from '../../../lib/queryKeys';

export const purchaseKeys = {
  all: [...adminRoot, 'purchases'] as const,
  list: (q: AdminPurchaseListQuery) => [...adminRoot, 'purchases', q] as const,
  /** Every company's purchases (super admin, read-only). */
  acrossCompanies: (q: SuperAdminPurchaseListQuery) => [...superRoot, 'transactions', q] as const,
};

/** GET /api/v1/admin/transaction/list: PENDING are the requests, APPROVED/REJECTED the history. */
export const purchasesQueryOptions = (q: AdminPurchaseListQuery) =>
  queryOptions({ queryKey: purchaseKeys.list(q), queryFn: () => api.purchaseList(q), placeholderData: keepPreviousData });

/** GET /api/v1/superadmin/transaction/list. */
export const companyPurchasesQueryOptions = (q: SuperAdminPurchaseListQuery) =>
  queryOptions({
    queryKey: purchaseKeys.acrossCompanies(q),
    queryFn: () => superApi.transactionList(q),
    placeholderData: keepPreviousData,
  });

// After every admin mutation the list is refetched (and the dashboard's figures with it).
const refetch = [adminRoot];

export const useApprovePurchase = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((id: string) => api.purchaseApprove(id), ADMIN_FALLBACK.approve, refetch, o);

/** With an optional reason, shown to the buyer. */
export const useRejectPurchase = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation(({ id, reason }: { id: string; reason?: string }) => api.purchaseReject(id, reason), ADMIN_FALLBACK.reject, refetch, o);

/** REJECTED → REFUNDED with the bank's reference of the refund. */
export const useRefundPurchase = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: AdminRefundRequest) => api.purchaseRefund(body), ADMIN_FALLBACK.refund, refetch, o);

/** Several PENDING purchases approved or rejected in one call; the answer has a result per row. */
export const useBulkPurchases = (o?: AdminMutationOptions<{ message: string | string[]; data: PurchaseBulkResult }>) =>
  useAdminMutation(
    (body: { ids: string[]; action: BulkAction; reason?: string }) => api.purchaseBulk(body),
    ADMIN_FALLBACK.bulkPurchases,
    refetch,
    o,
  );

/** GET /api/v1/admin/user/bank-account: the buyer's verified bank account, where a refund goes. */
export const buyerBankAccountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminRoot, 'bank-account', userId] as const,
    queryFn: async () => (await api.userBankAccount(userId)).data,
    enabled: userId !== '',
  });
