import { ADMIN_FALLBACK, type AdminUserAdd, type AdminUserListQuery, type AdminUserUpdate } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const userKeys = {
  all: [...adminRoot, 'users'] as const,
  list: (q: AdminUserListQuery) => [...adminRoot, 'users', q] as const,
};

/** GET /api/v1/admin/auth/list, one page. */
export const usersQueryOptions = (q: AdminUserListQuery) =>
  queryOptions({ queryKey: userKeys.list(q), queryFn: () => api.userList(q), placeholderData: keepPreviousData });

// After every admin mutation the list is refetched — and whatever else the admin sees
// (dashboard counts) with it.
const refetch = [adminRoot];

export const useAddUser = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: AdminUserAdd) => api.userAdd(body), ADMIN_FALLBACK.userAdd, refetch, o);

export const useUpdateUser = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: AdminUserUpdate) => api.userUpdate(body), ADMIN_FALLBACK.userUpdate, refetch, o);

export const useDeleteUser = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((id: string) => api.userDelete(id), ADMIN_FALLBACK.userDelete, refetch, o);

export const useApproveUser = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((id: string) => api.userApprove(id), ADMIN_FALLBACK.userApprove, refetch, o);

/** The company's owner unlocks an admin's two-factor sign-in that wrong codes locked. */
export const useResetTwoFactor = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((id: string) => api.twoFactorReset(id), ADMIN_FALLBACK.twoFactorReset, refetch, o);
