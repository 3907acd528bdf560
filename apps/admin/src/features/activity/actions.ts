import type { AuditRecord } from '@prelaunch/api';

/** What each recorded action says to a person (DESIGN §13 Activity). */
const LABELS: Record<string, string> = {
  'user.create': 'Added a user',
  'user.update': 'Updated a user',
  'user.approve': 'Verified a user',
  'user.delete': 'Deleted a user',
  'purchase.approve': 'Approved a purchase',
  'purchase.reject': 'Rejected a purchase',
  'purchase.refund': 'Refunded a purchase',
  'beneficiary.update': 'Updated the payment details',
  'token.update': 'Updated the token settings',
  'company.create': 'Added a company',
  'company.update': 'Updated a company',
  'reconcile.import': 'Imported a bank statement',
  'reconcile.approve': 'Approved matched purchases',
  'kyc.approve': 'Approved a KYC',
  'kyc.reject': 'Rejected a KYC',
  'admin.2fa.enable': 'Turned two-factor sign-in on',
  'admin.2fa.reset': "Reset an admin's locked two-factor sign-in",
  'admin.2fa.disable': 'Turned two-factor sign-in off',
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

/**
 * What the action was done to, as a person would name it: its kind and the name the record
 * carries (an order number, a name, an email, a file) — the short id when it carries none.
 */
export function targetText(r: Pick<AuditRecord, 'target' | 'before' | 'after'>): { kind: string; name: string } {
  const kind = TARGET_TYPES[r.target.type] ?? actionLabel(r.target.type);
  const name =
    pick([r.after, r.before], ['orderNumber', 'companyName', 'name', 'email', 'symbol', 'fileName', 'filename']) ??
    (r.target.id.length > 12 ? `${r.target.id.slice(0, 8)}…` : r.target.id);
  return { kind, name };
}

/** A role as the list shows it. */
export function roleLabel(role: string): string {
  return ({ ADMIN: 'Admin', USER: 'User', SUPERADMIN: 'Super admin', SYSTEM: 'System' } as Record<string, string>)[role] ?? role;
}
