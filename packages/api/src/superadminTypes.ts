import type { AdminPurchase, AdminListQuery, AdminPurchaseStatus } from './adminTypes';

export interface SuperAdminVerifyRequest {
  email: string;
  otp: string;
}

/** GET /api/v1/superadmin/dashboard/get. */
export interface SuperAdminDashboard {
  companies: number;
  users: number;
  purchases: { pending: number; approved: number; rejected: number };
  approvedAmount: number;
  approvedQuantity: number;
}

/** SPEC §3 "Company (super admin list)". */
export interface Company {
  id: string;
  companyName: string;
  email: string;
  mobile: string;
  companyAadhaarCard: string;
  companyPan: string;
  companyAddress: string;
  companyPincode: string;
  tokenName: string;
  tokenSymbol: string;
  createdAt: string;
}

export interface CompanyAdd {
  companyName: string;
  email: string;
  mobile: string;
  companyAadhaarCard: string;
  companyPan: string;
  companyAddress: string;
  companyPincode: string;
  tokenName: string;
  tokenSymbol: string;
  tokenPrice: number;
  adminName: string;
  adminPassword: string;
}

export interface SuperAdminPurchase extends AdminPurchase {
  company: { id: string; name: string };
}

export interface SuperAdminPurchaseListQuery extends AdminListQuery {
  companyId?: string;
  status?: AdminPurchaseStatus | '';
}

export interface CompanyBeneficiary {
  companyId: string;
  companyName: string;
  holderName: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  ifscCode: string;
  upi: string;
  updatedAt: string | null;
}
