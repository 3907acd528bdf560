import type { AuditRecord } from '@prelaunch/api';

/** What each recorded action says to a person (Activity). */
const LABELS: Record<string, string> = {
  'user.create': 'Added a user',
  'user.update': 'Updated a user',
  'user.approve': 'Verified a user',
  'user.delete': 'Deleted a user',
  'purchase.approve': 'Approved a purchase',
  'purchase.reject': 'Rejected a purchase',
  'purchase.refund': 'Refunded a purchase',
  'beneficiary.update': 'Changed payout details',
  'token.update': 'Updated the token settings',
  'distribution.update': 'Changed the token distribution settings',
  'company.create': 'Added a company',
  'company.update': 'Updated a company',
  'company.suspend': 'Suspended a company',
  'company.reactivate': 'Reactivated a company',
  'reconcile.import': 'Imported a bank statement',
  'reconcile.approve': 'Approved matched purchases',
  'distribution.run': 'Started a token distribution',
  'distribution.retry': 'Retried a failed token transfer',
  'kyc.approve': 'Approved a KYC',
  'kyc.reject': 'Rejected a KYC',
  'admin.2fa.enable': 'Turned two-factor sign-in on',
  'admin.2fa.reset': "Reset an admin's locked two-factor sign-in",
  'admin.2fa.disable': 'Turned two-factor sign-in off',
  'wallet.prove': 'Proved a wallet',
  'wallet.replace': 'Replaced a wallet',
};

/**
 * An action's label: the known ones as written above; any other (a newer server's) from its name,
 * "kyc.resubmit" → "Kyc resubmit", so the list never shows nothing.
 */
export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

const statusOf = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).status : undefined;

/**
 * A record's action as specifically as it can be said: a company update that suspended or
 * reactivated the company says so ("Suspended a company"), as does a user update that blocked one.
 */
export function recordActionLabel(r: Pick<AuditRecord, 'action' | 'before' | 'after'>): string {
  const before = statusOf(r.before);
  const after = statusOf(r.after);
  if (before !== after && typeof after === 'string') {
    if (r.action === 'company.update') {
      if (after === 'SUSPENDED') return 'Suspended a company';
      if (after === 'ACTIVE') return 'Reactivated a company';
    }
    if (r.action === 'user.update') {
      if (after === 'BLOCKED') return 'Blocked a user';
      if (after === 'INACTIVE') return 'Deactivated a user';
      if (after === 'ACTIVE') return 'Activated a user';
    }
  }
  return actionLabel(r.action);
}

/** The recorded fields in words (Activity: no raw field names on screen). */
const FIELDS: Record<string, string> = {
  status: 'Status',
  name: 'Name',
  email: 'Email',
  mobile: 'Mobile',
  role: 'Role',
  isApproved: 'Verified',
  is_approved: 'Verified',
  stockBalance: 'Stock balance',
  referralCode: 'Member ID',
  orderNumber: 'Order number',
  rejectReason: 'Rejection reason',
  reason: 'Reason',
  refundReference: 'Refund reference',
  finalAmount: 'Amount due',
  amount: 'Amount',
  quantity: 'Tokens',
  paymentMethod: 'Payment method',
  referenceNumber: 'Payment reference (UTR)',
  holderName: 'Account holder',
  bankName: 'Bank',
  branch: 'Branch',
  accountNumber: 'Account number',
  ifscCode: 'IFSC',
  upi: 'UPI id',
  companyName: 'Company name',
  companyAddress: 'Address',
  companyPincode: 'PIN',
  address: 'Address',
  pincode: 'PIN',
  aadhaar: 'Aadhaar',
  pan: 'PAN',
  domains: 'Domains',
  require2fa: 'Two-factor required for admins',
  twoFactor: 'Two-factor sign-in',
  tokenName: 'Token name',
  tokenSymbol: 'Token symbol',
  symbol: 'Token symbol',
  price: 'Price',
  platformChargePercent: 'Fee (%)',
  totalSupply: 'Total supply',
  privateSupply: 'Private supply',
  publicCellSupply: 'Public cell supply',
  angelInvestorSupply: 'Angel investor supply',
  founderTeamSupply: 'Founder team supply',
  airdropSupply: 'Airdrop supply',
  referralSupply: 'Referral supply',
  saleStart: 'Sale start',
  saleEnd: 'Sale end',
  salePaused: 'Sale paused',
  minPurchase: 'Minimum order',
  maxPurchase: 'Maximum order',
  maxPerBuyer: 'Most per buyer',
  rounds: 'Rounds',
  fileName: 'File',
  approved: 'Approved',
  skipped: 'Skipped',
};

/** A recorded field's name in words: the known ones as above, any other from its name ("kycRequiredAbove" → "Kyc required above"). */
export function fieldLabel(key: string): string {
  if (FIELDS[key]) return FIELDS[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

const TARGET_TYPES: Record<string, string> = {
  user: 'User',
  purchase: 'Purchase',
  company: 'Company',
  token: 'Token',
  beneficiary: 'Payment details',
  reconcile_import: 'Statement',
  admin: 'Admin',
  kyc: 'KYC',
};

function pick(values: unknown[], keys: string[]): string | undefined {
  for (const v of values) {
    if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
    const o = v as Record<string, unknown>;
    for (const k of keys) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  }
  return undefined;
}

type TargetOf = Omit<AuditRecord['target'], 'name' | 'detail'> & { name?: string; detail?: string };

/**
 * What the action was done to, as a person would name it: its kind, the name the server gives
 * it today (an order number, a person's name, a company, a file), else the one the record
 * carries — "a deleted user" rather than an internal id when there is none; and the detail (a
 * person's email, a purchase's buyer).
 */
export function targetText(r: { target: TargetOf; before: AuditRecord['before']; after: AuditRecord['after'] }): {
  kind: string;
  name: string;
  detail: string;
} {
  const kind = TARGET_TYPES[r.target.type] ?? actionLabel(r.target.type);
  const name =
    r.target.name ||
    pick([r.after, r.before], ['orderNumber', 'companyName', 'name', 'email', 'symbol', 'fileName', 'filename']) ||
    `(no longer exists)`;
  const detail = r.target.detail || (r.target.name ? '' : (pick([r.after, r.before], ['email']) ?? ''));
  return { kind, name, detail: detail === name ? '' : detail };
}

/** A role as the list shows it. */
export function roleLabel(role: string): string {
  return ({ ADMIN: 'Admin', USER: 'User', SUPERADMIN: 'Super admin', SYSTEM: 'System' } as Record<string, string>)[role] ?? role;
}
