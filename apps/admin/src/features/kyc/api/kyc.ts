import { ADMIN_FALLBACK, type AdminKyc, type AdminKycListQuery, type AdminKycRejectRequest, type BulkAction, type KycBulkResult } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const kycKeys = {
  all: [...adminRoot, 'kyc'] as const,
  list: (q: AdminKycListQuery) => [...adminRoot, 'kyc', q] as const,
};

/** GET /api/v1/admin/kyc/list, one page: the review queue first. */
export const kycListQueryOptions = (q: AdminKycListQuery) =>
  queryOptions({ queryKey: kycKeys.list(q), queryFn: () => api.kycList(q), placeholderData: keepPreviousData });

// A decision changes the buyer's verification too (User Manage, purchase review): refetch all the admin sees.
const refetch = [adminRoot];

export const useApproveKyc = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((userId: string) => api.kycApprove(userId), ADMIN_FALLBACK.kycApprove, refetch, o);

export const useRejectKyc = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: AdminKycRejectRequest) => api.kycReject(body), ADMIN_FALLBACK.kycReject, refetch, o);

/** Marks a buyer high-risk or clears it (audited; an approval's expiry recomputed: 6 or 12 months). */
export const useKycRisk = (o?: AdminMutationOptions<{ message: string | string[]; data: AdminKyc }>) =>
  useAdminMutation((body: { userId: string; highRisk: boolean }) => api.kycRisk(body.userId, body.highRisk), ADMIN_FALLBACK.kycRisk, refetch, o);

/** Several PENDING submissions approved or rejected (one reason for all) in one call; a result per row. */
export const useBulkKyc = (o?: AdminMutationOptions<{ message: string | string[]; data: KycBulkResult }>) =>
  useAdminMutation(
    (body: { userIds: string[]; action: BulkAction; reason?: string }) => api.kycBulk(body),
    ADMIN_FALLBACK.bulkKyc,
    refetch,
    o,
  );
