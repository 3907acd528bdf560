import { ADMIN_FALLBACK, type CompanyAdd, type CompanyListQuery, type CompanyUpdate } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { superApi } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { superRoot } from '../../../lib/queryKeys';

export const companyKeys = {
  all: [...superRoot, 'companies'] as const,
  lists: () => [...superRoot, 'companies', 'list'] as const,
  list: (q: CompanyListQuery) => [...superRoot, 'companies', 'list', q] as const,
  detail: (id: string) => [...superRoot, 'companies', 'detail', id] as const,
};

/** GET /api/v1/superadmin/company/list. */
export const companiesQueryOptions = (q: CompanyListQuery) =>
  queryOptions({ queryKey: companyKeys.list(q), queryFn: () => superApi.companyList(q), placeholderData: keepPreviousData });

/** GET /api/v1/superadmin/company/get: one company with its domains, status, site address and figures. */
export const companyQueryOptions = (id: string) =>
  queryOptions({ queryKey: companyKeys.detail(id), queryFn: () => superApi.companyGet(id) });

/** 'Add Company' creates the company, its token and owner admin; everything the super admin sees refetches. */
export const useAddCompany = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: CompanyAdd) => superApi.companyAdd(body), ADMIN_FALLBACK.companyAdd, [superRoot], o);

/**
 * Details, domains, status or the two-factor rule; the company's detail and every
 * company list refetch (and the rest the super admin sees: suspending changes the dashboard's figures).
 */
export const useUpdateCompany = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: CompanyUpdate) => superApi.companyUpdate(body), ADMIN_FALLBACK.companyUpdate, [companyKeys.all], o);
