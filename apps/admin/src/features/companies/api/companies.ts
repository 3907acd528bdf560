import { ADMIN_FALLBACK, type AdminListQuery, type CompanyAdd } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { superApi } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { superRoot } from '../../../lib/queryKeys';

export const companyKeys = {
  all: [...superRoot, 'companies'] as const,
  list: (q: AdminListQuery) => [...superRoot, 'companies', q] as const,
};

/** GET /api/v1/superadmin/company/list. */
export const companiesQueryOptions = (q: AdminListQuery) =>
  queryOptions({ queryKey: companyKeys.list(q), queryFn: () => superApi.companyList(q), placeholderData: keepPreviousData });

/** DESIGN §9: 'Add Company' creates the company, its token and owner admin; everything the super admin sees refetches. */
export const useAddCompany = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: CompanyAdd) => superApi.companyAdd(body), ADMIN_FALLBACK.companyAdd, [superRoot], o);
