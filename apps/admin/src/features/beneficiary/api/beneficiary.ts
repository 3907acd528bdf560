import { ADMIN_FALLBACK, type AdminListQuery, type BeneficiaryUpdateRequest } from '@prelaunch/api';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, superApi } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot, superRoot } from '../../../lib/queryKeys';

export const beneficiaryKeys = {
  own: [...adminRoot, 'beneficiary'] as const,
  /** Every company's beneficiary (super admin, read-only). */
  ofCompanies: (q: AdminListQuery) => [...superRoot, 'beneficiaries', q] as const,
};

/** The company's bank and UPI details (GET /api/v1/admin/beneficiary/get). */
export const beneficiaryQueryOptions = () => queryOptions({ queryKey: beneficiaryKeys.own, queryFn: () => api.beneficiaryGet() });

export const companyBeneficiariesQueryOptions = (q: AdminListQuery) =>
  queryOptions({
    queryKey: beneficiaryKeys.ofCompanies(q),
    queryFn: () => superApi.beneficiaryList(q),
    placeholderData: keepPreviousData,
  });

/**
 * PUT /api/v1/admin/beneficiary/update with the account number again and the admin's
 * password (and code), then the beneficiary is reloaded.
 */
export const useUpdateBeneficiary = (o?: AdminMutationOptions<unknown>) =>
  useAdminMutation((body: BeneficiaryUpdateRequest) => api.beneficiaryUpdate(body), ADMIN_FALLBACK.beneficiaryUpdate, [beneficiaryKeys.own], o);
