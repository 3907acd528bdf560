/**
 * Buyer wire types, exactly as in the agreed contract (bff-user). Field names are the server's:
 * note `icon_url` (snake case, SPEC §3) on the token config and the price response.
 */

export interface BuyerMetaData {
  title: string;
  description: string;
  keywords: string;
}

export interface BuyerSocialLink {
  mediaName: string;
  link: string;
}

/** SPEC §3 token config as served by GET /api/v1/user/site/get. */
export interface BuyerToken {
  address?: string;
  symbol: string;
  name: string;
  decimals?: number;
  icon_url?: string;
  defaultLogo?: string;
  headerLogo?: string;
  title?: string;
  tokenDistribution?: string[];
  socialLinks?: BuyerSocialLink[];
  chartImg?: string;
  footerNote?: string;
  metaData?: BuyerMetaData;
}

export interface BuyerSite {
  companyId: string;
  companyName?: string;
  token: BuyerToken;
}

export interface RegisterOtpRequest {
  companyId: string;
  name: string;
  email: string;
  mobile: string;
}

export type Gender = 'male' | 'female' | 'other';

export interface RegisterRequest {
  companyId: string;
  name: string;
  mobile: string;
  email: string;
  otp: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  gender: Gender;
  pincode: string;
  referralCode?: string;
  password: string;
}

export interface ForgotPasswordOtpRequest {
  companyId: string;
  /** The email. */
  user: string;
}

export interface ForgotPasswordRequest {
  companyId: string;
  user: string;
  otp: string;
  password: string;
}

export interface PasswordUpdateRequest {
  otp: string;
  /** The current password. */
  password: string;
  newPassword: string;
}

export interface BuyerMediaRef {
  id: string;
  url: string;
}

export interface BuyerProfile {
  id: string;
  name: string;
  email: string;
  mobile: string;
  referralCode: string;
  /** ISO string or null; the date part is used. */
  dateOfBirth: string | null;
  gender: string | null;
  pincode: string | null;
  profileImage: BuyerMediaRef | null;
  kycDocumentNumber: string | null;
  walletAddress: string | null;
  globalStake: number | string | null;
  stockBalance: number | string | null;
  isApproved: boolean;
  companyId: string;
}

/** PUT /api/v1/user/auth/profile/update; email and referralCode are read-only on the server. */
export interface ProfileUpdateRequest {
  name?: string;
  email?: string;
  mobile?: string;
  referralCode?: string;
  dateOfBirth?: string;
  profileImageId?: string;
  kycDocumentNumber?: string;
  /** The current password; always sent. */
  password: string;
}

export interface TokenPrice {
  price: number;
  platformChargePercent: number;
  remainingPrivateSupply: number | null;
  symbol: string;
  name: string;
  icon_url?: string;
}

export interface BankDetail {
  id: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  ifscCode: string;
  branch: string;
}

export interface PaymentDetails {
  bankName: string;
  holderName: string;
  accountNumber: string;
  ifscCode: string;
  branch: string;
  upi: string;
  banks: BankDetail[];
}

export type BuyerPurchaseStatus = 'INITIATED' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'EXPIRED';
export type PaymentMethod = 'UPI' | 'BANK' | 'MANUAL';

export interface PurchaseOrder {
  id: string;
  orderNumber: string;
  amount: number;
  price: number;
  quantity: number;
  platformChargePercent: number;
  fee: number;
  finalAmount: number;
  /** RFC3339 */
  expiresAt: string;
  status: BuyerPurchaseStatus;
}

export interface PurchaseRequest {
  purchaseId: string;
  paymentMethod: PaymentMethod;
  referenceNumber?: string;
  receiptId?: string;
  amount: number;
  bankName?: string;
}

export interface BuyerTransaction {
  id: string;
  orderNumber?: string;
  createdAt: string;
  paymentMethod: string | null;
  referenceNumber: string | null;
  transactionId: string | null;
  amount: number | null;
  finalAmount: number | null;
  quantity?: number | null;
  price?: number | null;
  fee?: number | null;
  status: string;
  receipt: BuyerMediaRef | null;
}

export interface BuyerListPage<T> {
  records: T[];
  total: number;
  page: number;
  limit: number;
  lastPage: number;
}

export interface TransactionListQuery {
  page: number;
  limit: number;
  /** '' for all */
  status?: string;
  search?: string;
}

export interface GlobalStockRow {
  rank: number;
  walletAddress: string | null;
  memberId: string | null;
  quantity: number | null;
  transactionHash: string | null;
  createdAt: string | null;
  timeLeft: number | null;
}

export interface MyStockRow {
  memberId: string | null;
  quantity: number | null;
  transactionHash: string | null;
  createdAt: string | null;
  reward: number | null;
  timeLeft: number | null;
}

export interface UploadedMedia {
  id: string;
  url: string;
  contentType: string;
  size: number;
  originalName: string;
}
