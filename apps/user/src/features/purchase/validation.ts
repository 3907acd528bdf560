/** Client-side checks of the buy and payment screens, with the messages verbatim. */

export const PURCHASE_MSG = {
  validAmount: 'Please enter a valid amount.',
  noToken: 'No token selected.',
  agreeUpi: 'Please agree to the privacy & policy to proceed.',
  agreeOther: 'Please agree to the privacy policy to proceed.',
  utrRequired: 'Please enter UTR or Transaction Number.',
  utrImplausible:
    "Please enter the bank's reference: a UPI RRN or IMPS reference of 12 digits, or a NEFT/RTGS UTR of 16 to 22 letters and digits.",
  fileRequired: 'Please upload a transaction file before submitting.',
} as const;

/** Digits with an optional single decimal point. */
export const AMOUNT_PATTERN = /^\d*\.?\d*$/;

/** Whether a typed string may stay in the amount field (digits and one decimal point). */
export function isAmountInput(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

/** A positive amount made of digits and at most one decimal point. */
export function isValidAmount(value: string | number): boolean {
  const s = String(value).trim();
  if (!s || !AMOUNT_PATTERN.test(s) || s === '.') return false;
  const n = Number(s);
  return Number.isFinite(n) && n > 0;
}

/**
 * A payment reference in the form the server compares it in (core/fields NormalUTR): without
 * case, spaces, dashes, slashes, underscores or leading zeros, look-alikes folded (O→0, L/I→1).
 */
export function normalUtr(s: string): string {
  return s
    .replace(/[\s\-/_]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[LI]/g, '1')
    .replace(/^0+/, '');
}

/** A bank's reference for a UPI or bank payment: 12 digits (UPI RRN, IMPS) or 16 to 22 letters and digits (NEFT/RTGS). */
export function isPlausibleUtr(s: string): boolean {
  const n = normalUtr(s);
  return /^\d{12}$/.test(n) || /^[A-Z0-9]{16,22}$/.test(n);
}

/** Proof form (UPI and bank transfer), in the order the spec lists. */
export function validateProof(v: { utr: string; amount: string; receiptId: string | null }): string | null {
  if (!v.utr.trim()) return PURCHASE_MSG.utrRequired;
  if (!isPlausibleUtr(v.utr)) return PURCHASE_MSG.utrImplausible;
  if (!isValidAmount(v.amount)) return PURCHASE_MSG.validAmount;
  if (!v.receiptId) return PURCHASE_MSG.fileRequired;
  return null;
}

/** The proof file accepts image/*, .pdf, .doc and .docx. */
export const PROOF_ACCEPT = 'image/*,.pdf,.doc,.docx';

export function isAcceptedProofFile(file: { name: string; type: string }): boolean {
  if (file.type.startsWith('image/')) return true;
  return /\.(pdf|docx?)$/i.test(file.name);
}
