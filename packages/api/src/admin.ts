import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import { distributionCalls } from './distribution';
import { downloadFile } from './download';
import { postMedia } from './media';
import { reconcileCalls } from './reconcile';
import { deliveryCalls } from './delivery';
import { invoiceCalls } from './invoice';
import { trustCalls, type AdminLoginData } from './trust';
import type {
  RoundAllocation,
  BulkAction,
  KycBulkResult,
  PurchaseBulkResult,
  AdminDashboard,
  AdminKyc,
  AdminBankAccount,
  AdminKycListQuery,
  AdminKycRejectRequest,
  AdminProfile,
  AdminPurchase,
  AdminPurchaseExportQuery,
  AdminPurchaseListQuery,
  AdminRefundRequest,
  AdminSite,
  AdminUser,
  AdminUserAdd,
  AdminUserExportQuery,
  AdminUserListQuery,
  AdminUserUpdate,
  Beneficiary,
  BeneficiaryUpdateRequest,
  BeneficiaryUpdateResult,
  AdminList,
  AdminUploadedMedia,
  TokenSettings,
  TokenUpdateRequest,
} from './adminTypes';
import type { AdminLoginRequest } from './types';

/** Page size of every admin list. */
export const ADMIN_PAGE_SIZE = 10;

/** Every company-admin call of the contract, served by bff-admin. */
export function adminCalls(client: AxiosInstance) {
  return {
    siteGet: () => call<AdminSite>(client.get('/api/v1/company/site/get')),
    /** A token, or with two-factor sign-in on a challenge for `loginTwoFactor`. */
    login: (body: AdminLoginRequest) => call<AdminLoginData>(client.post('/api/v1/company/auth/login', body)),
    profile: () => call<AdminProfile>(client.get('/api/v1/admin/auth/profile/get')),

    /** The buyers (role USER, the default) or the company's admins (role ADMIN); sort date or name. */
    userList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search, isApproved, role, sort, dir }: AdminUserListQuery = {}) =>
      call<AdminList<AdminUser>>(
        client.get('/api/v1/admin/auth/list', { params: withoutEmpty({ page, limit, search, isApproved, role, sort, dir }) }),
      ),
    userAdd: (body: AdminUserAdd) => call<unknown>(client.post('/api/v1/admin/auth/add', body)),
    userUpdate: (body: AdminUserUpdate) => call<unknown>(client.put('/api/v1/admin/auth/update', body)),
    userApprove: (id: string) => call<unknown>(client.put('/api/v1/admin/auth/update', { id, isApproved: true })),
    userDelete: (id: string) => call<unknown>(client.delete('/api/v1/admin/auth/delete', { data: { id } })),

    purchaseList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search, status, sort, dir }: AdminPurchaseListQuery = {}) =>
      call<AdminList<AdminPurchase>>(
        client.get('/api/v1/admin/transaction/list', { params: withoutEmpty({ page, limit, search, status, sort, dir }) }),
      ),
    purchaseApprove: (id: string) => call<unknown>(client.post('/api/v1/admin/transaction/approve', { id })),
    /** An optional reason, shown to the buyer; an empty one is not sent. */
    purchaseReject: (id: string, reason?: string) =>
      call<unknown>(client.post('/api/v1/admin/transaction/reject', reason?.trim() ? { id, reason: reason.trim() } : { id })),
    /** REJECTED → REFUNDED with the bank's reference of the refund. */
    purchaseRefund: (body: AdminRefundRequest) =>
      call<unknown>(client.post('/api/v1/admin/transaction/refund', { id: body.id, refundReference: body.refundReference.trim() })),
    /** The buyer's verified bank account, where the refund goes (null when none). */
    userBankAccount: (userId: string) =>
      call<AdminBankAccount | null>(client.get('/api/v1/admin/user/bank-account', { params: { userId } })),

    /** Several PENDING purchases approved or rejected (one optional reason for all): a result per row. */
    purchaseBulk: (body: { ids: string[]; action: BulkAction; reason?: string }) =>
      call<PurchaseBulkResult>(
        client.post('/api/v1/admin/transaction/bulk', body.reason?.trim() ? { ...body, reason: body.reason.trim() } : { ids: body.ids, action: body.action }),
      ),
    /** Several PENDING KYC submissions approved or rejected (a rejection's one reason is required): a result per row. */
    kycBulk: (body: { userIds: string[]; action: BulkAction; reason?: string }) =>
      call<KycBulkResult>(client.post('/api/v1/admin/kyc/bulk', body.reason?.trim() ? { ...body, reason: body.reason.trim() } : { userIds: body.userIds, action: body.action })),
    /** The company's KYC submissions, the review queue first. */
    kycList: ({ page = 1, limit = ADMIN_PAGE_SIZE, search, status }: AdminKycListQuery = {}) =>
      call<AdminList<AdminKyc>>(client.get('/api/v1/admin/kyc/list', { params: withoutEmpty({ page, limit, search, status }) })),
    kycApprove: (userId: string) => call<AdminKyc>(client.post('/api/v1/admin/kyc/approve', { userId })),
    kycRisk: (userId: string, highRisk: boolean) => call<AdminKyc>(client.post('/api/v1/admin/kyc/risk', { userId, highRisk })),
    /** The reason is required (the buyer reads it); trimmed. */
    kycReject: ({ userId, reason }: AdminKycRejectRequest) =>
      call<AdminKyc>(client.post('/api/v1/admin/kyc/reject', { userId, reason: reason.trim() })),

    dashboard: () => call<AdminDashboard>(client.get('/api/v1/admin/dashboard/get')),

    beneficiaryGet: () => call<Beneficiary | null>(client.get('/api/v1/admin/beneficiary/get')),
    beneficiaryUpdate: (body: BeneficiaryUpdateRequest) =>
      call<BeneficiaryUpdateResult>(client.put('/api/v1/admin/beneficiary/update', body)),

    /** Price and fees, supply, sale window, limits, rounds and branding. */
    tokenGet: () => call<TokenSettings>(client.get('/api/v1/admin/token/get')),
    /** Only the top-level keys given change; an object given is replaced whole, `rounds` is the full list. */
    tokenUpdate: (body: TokenUpdateRequest) => call<TokenSettings>(client.put('/api/v1/admin/token/update', body)),
    /** A round sold by requests: its requests (a page), the draws and the allocations. */
    roundAllocation: (roundId: string, page = 1) =>
      call<RoundAllocation>(client.get('/api/v1/admin/token/round/allocation', { params: { roundId, page } })),
    /** Shares the tokens of lapsed allocations among the requests still short (409 while any can still be ordered). */
    roundSecondPass: (roundId: string) =>
      call<RoundAllocation>(client.post('/api/v1/admin/token/round/allocation/second-pass', { roundId })),
    /** Multipart upload, field 'medias' (a logo or icon); data lists the stored files with their signed url. */
    mediaAdd: (file: File | Blob, filename?: string) => call(postMedia<AdminUploadedMedia[]>(client, file, filename)),

    /** The company's purchases as CSV, saved as a download. */
    exportPurchases: (q: AdminPurchaseExportQuery = {}) =>
      downloadFile(client, '/api/v1/admin/export/purchases.csv', { ...q }, 'purchases.csv'),
    /** The company's users as CSV, saved as a download. */
    exportUsers: (q: AdminUserExportQuery = {}) =>
      downloadFile(client, '/api/v1/admin/export/users.csv', { ...q }, 'users.csv'),
    /** Bank statements matched to purchases, approved in bulk. */
    ...reconcileCalls(client),
    /** Token delivery on chain: preview, run, the transfers, a failed one's retry. */
    ...deliveryCalls(client),
    /** GST tax invoices and credit notes of the platform charge. */
    ...invoiceCalls(client),
    /** Two-factor sign-in and the company's activity. */
    ...trustCalls(client),
    /** Token distribution: chain, TGE, vesting, claims. */
    ...distributionCalls(client),
  };
}

export type AdminCalls = ReturnType<typeof adminCalls>;
