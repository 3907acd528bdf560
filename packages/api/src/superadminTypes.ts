/** Wire types of the super admin calls (bff-admin), generated from docs/openapi/admin.yaml. */
import type { components, operations } from './generated/admin';

type S = components['schemas'];

export type SuperAdminVerifyRequest = S['SuperAdminVerifyRequest'];
/** GET /api/v1/superadmin/dashboard/get. */
export type SuperAdminDashboard = S['SuperAdminDashboard'];
export type DashboardCompany = S['DashboardCompany'];
/** Company (super admin list). */
export type Company = S['Company'];
export type CompanyAdd = S['CompanyAddRequest'];
/** PUT /api/v1/superadmin/company/update; only the fields sent change. */
export type CompanyUpdate = S['CompanyUpdateRequest'];
export type CompanyStatus = S['CompanyStatus'];
export type CompanyFigures = S['CompanyFigures'];
/** GET /api/v1/superadmin/company/list: page, limit, search and the status filter. */
export type CompanyListQuery = Omit<NonNullable<operations['companyList']['parameters']['query']>, 'status'> & {
  status?: CompanyStatus;
};
export type SuperAdminPurchase = S['SuperAdminPurchase'];
export type SuperAdminPurchaseListQuery = NonNullable<
  operations['superAdminTransactionList']['parameters']['query']
>;
export type SuperAdminPurchaseExportQuery = NonNullable<
  operations['superAdminExportPurchases']['parameters']['query']
>;
export type CompanyBeneficiary = S['CompanyBeneficiary'];
