/**
 * Wire types of the admin and super admin calls (bff-admin), generated from
 * docs/openapi/admin.yaml (`make contract`).
 */
import type { components, operations } from './generated/admin';

type S = components['schemas'];

/** A page of any admin list: the generated list shape with records of T. */
export type AdminList<T> = Omit<S['AdminUserList'], 'records'> & { records: T[] };

/** The query every admin list takes (page, limit, search). */
export type AdminListQuery = NonNullable<operations['companyList']['parameters']['query']>;

export type AdminMetaData = S['MetaData'];
/** Token branding as bff-admin serves it (note the snake_case `icon_url`). */
export type AdminTokenBrand = S['TokenBrand'];
/** GET /api/v1/company/site/get (public). */
export type AdminSite = S['Site'];
export type AdminProfile = S['AdminProfile'];

export type UserRole = S['UserRole'];
/** User (admin view). */
export type AdminUser = S['AdminUser'];
export type AdminUserListQuery = NonNullable<operations['adminUserList']['parameters']['query']>;
export type AdminUserAdd = S['AdminUserAddRequest'];
export type AdminUserUpdate = S['AdminUserUpdateRequest'];

export type AdminPurchaseStatus = S['ReviewStatus'];
export type AdminMediaRef = S['MediaRef'];
/** Purchase (admin view). */
export type AdminPurchase = S['AdminPurchase'];
/** POST /api/v1/admin/transaction/reject (reason optional). */
export type AdminRejectRequest = S['RejectRequest'];
/** POST /api/v1/admin/transaction/refund. */
export type AdminRefundRequest = S['RefundRequest'];
export type AdminPurchaseListQuery = NonNullable<operations['adminTransactionList']['parameters']['query']>;
/** The filters of the purchase export (from/to are IST days, yyyy-mm-dd, inclusive). */
export type AdminPurchaseExportQuery = NonNullable<operations['adminExportPurchases']['parameters']['query']>;
export type AdminUserExportQuery = NonNullable<operations['adminExportUsers']['parameters']['query']>;

export type MethodTotals = S['MethodTotals'];
/** GET /api/v1/admin/dashboard/get. */
export type AdminDashboard = S['AdminDashboard'];
/** Beneficiary. */
export type Beneficiary = S['Beneficiary'];
/** PUT /api/v1/admin/beneficiary/update: the six fields, the account number again, the admin's password (and code). */
export type BeneficiaryUpdateRequest = S['BeneficiaryRequest'];
/** What the update answers: the fields that changed (none when nothing did). */
export type BeneficiaryUpdateResult = S['BeneficiaryUpdate'];

/** Sale status, computed by the server when asked. */
export type SaleStatus = S['SaleStatus'];
export type TokenSupply = S['TokenSupply'];
export type TokenSale = S['TokenSale'];
export type TokenLimits = S['TokenLimits'];
export type TokenRound = S['TokenRound'];
/** GET /api/v1/admin/token/round/allocation: a round sold by requests, its requests and draws. */
export type RoundAllocation = S['RoundAllocation'];
export type TokenBranding = S['TokenBranding'];
/** GET /api/v1/admin/token/get. */
export type TokenSettings = S['TokenSettings'];
/** PUT /api/v1/admin/token/update: any of TokenSettings' top-level keys. */
export type TokenUpdateRequest = S['TokenUpdateRequest'];
export type AdminUploadedMedia = S['UploadedMedia'];

/** KYC review: a buyer's submission (numbers masked, documents as signed links). */
export type AdminKycStatus = S['KycStatus'];
export type AdminKycDocument = S['KycDocument'];
export type AdminKyc = S['AdminKyc'];
/** A buyer's verified bank account (the refund dialog, the KYC review). */
export type AdminBankAccount = S['BankAccount'];
export type AdminKycEvidence = S['KycEvidence'];
export type AdminKycListQuery = NonNullable<operations['adminKycList']['parameters']['query']>;
export type AdminKycRejectRequest = S['KycRejectRequest'];
/** Several rows decided in one call: the answer of transaction/bulk and kyc/bulk. */
export type PurchaseBulkResult = S['PurchaseBulkAnswer']['data'];
export type KycBulkResult = S['KycBulkAnswer']['data'];
export type BulkAction = 'approve' | 'reject';
