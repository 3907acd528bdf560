import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import { ADMIN_PAGE_SIZE } from './admin';
import { downloadFile } from './download';
import { superTrustCalls } from './trust';
import type { AdminList, AdminListQuery } from './adminTypes';
import type {
  Company,
  CompanyAdd,
  CompanyBeneficiary,
  CompanyListQuery,
  CompanyUpdate,
  SuperAdminDashboard,
  SuperAdminPurchase,
  SuperAdminPurchaseExportQuery,
  SuperAdminPurchaseListQuery,
  SuperAdminVerifyRequest,
} from './superadminTypes';
import type { TokenData } from './types';

/** Every super admin call of the contract, served by bff-admin. */
export function superAdminCalls(client: AxiosInstance) {
  return {
    requestOtp: (email: string) =>
      call<unknown>(client.get('/api/v1/superadmin/auth/login/email/otp', { params: { email } })),
    verifyOtp: (body: SuperAdminVerifyRequest) =>
      call<TokenData>(client.post('/api/v1/superadmin/auth/login/verify', body)),
    dashboard: () => call<SuperAdminDashboard>(client.get('/api/v1/superadmin/dashboard/get')),
    companyList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search, status }: CompanyListQuery = {}) =>
      call<AdminList<Company>>(
        client.get('/api/v1/superadmin/company/list', { params: withoutEmpty({ page, limit, search, status }) }),
      ),
    companyGet: (id: string) => call<Company>(client.get('/api/v1/superadmin/company/get', { params: { id } })),
    companyAdd: (body: CompanyAdd) => call<{ id: string }>(client.post('/api/v1/superadmin/company/add', body)),
    /** Only the fields given change; `domains` replaces the list. */
    companyUpdate: (body: CompanyUpdate) => call<Company>(client.put('/api/v1/superadmin/company/update', body)),
    transactionList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search, status, companyId }: SuperAdminPurchaseListQuery = {}) =>
      call<AdminList<SuperAdminPurchase>>(
        client.get('/api/v1/superadmin/transaction/list', {
          params: withoutEmpty({ page, limit, search, status, companyId }),
        }),
      ),
    beneficiaryList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search }: AdminListQuery = {}) =>
      call<AdminList<CompanyBeneficiary>>(
        client.get('/api/v1/superadmin/beneficiary/list', { params: withoutEmpty({ page, limit, search }) }),
      ),
    /** Purchases across companies (or one, companyId) as CSV, saved as a download. */
    exportPurchases: (q: SuperAdminPurchaseExportQuery = {}) =>
      downloadFile(client, '/api/v1/superadmin/export/purchases.csv', { ...q }, 'all-purchases.csv'),
    /** Activity across companies. */
    ...superTrustCalls(client),
  };
}

export type SuperAdminCalls = ReturnType<typeof superAdminCalls>;
