/** Wire types of the admin and super admin calls (bff-admin), as agreed in the contract. */

export interface AdminList<T> {
  records: T[];
  total: number;
  page: number;
  limit: number;
  lastPage: number;
}

export interface AdminListQuery {
  page?: number;
  limit?: number;
  search?: string;
}

export interface AdminMetaData {
  title?: string;
  description?: string;
  keywords?: string;
}

/** Token branding as bff-admin serves it (note the snake_case `icon_url`). */
export interface AdminTokenBrand {
  symbol: string;
  name: string;
  icon_url?: string;
  title?: string;
  metaData?: AdminMetaData;
  address?: string;
  decimals?: number;
  defaultLogo?: string;
  headerLogo?: string;
  tokenDistribution?: string[];
  socialLinks?: { mediaName: string; link: string }[];
  chartImg?: string;
  footerNote?: string;
}

/** GET /api/v1/company/site/get (public). */
export interface AdminSite {
  companyId: string;
  companyName?: string;
  token: AdminTokenBrand;
}

export interface AdminProfile {
  id: string;
  name: string;
  email: string;
  role: string;
  company: { id: string; name: string };
  token: AdminTokenBrand;
}

export type UserRole = 'USER' | 'ADMIN';

/** SPEC §3 "User (admin view)". */
export interface AdminUser {
  id: string;
  name: string;
  mobile: string;
  email: string;
  role: UserRole | string;
  referralCode: string | null;
  isApproved: boolean;
  createdAt: string;
}

export interface AdminUserListQuery extends AdminListQuery {
  isApproved?: boolean;
}

export interface AdminUserAdd {
  name: string;
  mobile: string;
  email: string;
  role: UserRole;
  password: string;
}

export type AdminUserUpdate =
  | { id: string; name?: string; mobile?: string; email?: string; role?: UserRole }
  | { id: string; isApproved: true };

export type AdminPurchaseStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

export interface AdminMediaRef {
  id: string;
  url: string;
}

/** SPEC §3 "Purchase (admin view)". */
export interface AdminPurchase {
  id: string;
  orderNumber: string;
  user: { id: string; referralCode: string | null; name: string; mobile: string };
  paymentMethod: string;
  price: number;
  totalQuantity: number;
  amount: number;
  finalAmount: number;
  status: string;
  referenceNumber: string | null;
  receipt: AdminMediaRef | null;
  createdAt: string;
}

export interface AdminPurchaseListQuery extends AdminListQuery {
  status?: AdminPurchaseStatus;
}

export interface MethodTotals {
  total: number;
  bank: number;
  upi: number;
  manual: number;
  crypto: number;
}

/** GET /api/v1/admin/dashboard/get. */
export interface AdminDashboard {
  userActive: number;
  userInactive: number;
  userBlock: number;
  totalMember: number;
  verificationCompleted: number;
  verificationPending: number;
  totalSupply: number;
  privateSupply: number;
  remainingPrivateSupply: number;
  publicCellSupply: number;
  angelInvestorSupply: number;
  founderTeamSupply: number;
  airdropSupply: number;
  referralSupply: number;
  remainingReferralSupply: number;
  privateSupplyData: { total: number; remaining: number; stockBalance: number };
  transactionSummary: MethodTotals;
  transactionCount?: MethodTotals;
  token: AdminTokenBrand;
}

/** SPEC §3 "Beneficiary". */
export interface Beneficiary {
  holderName: string;
  bankName: string;
  branch: string;
  accountNumber: string;
  ifscCode: string;
  upi: string;
}
