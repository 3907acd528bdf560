/** Client-side checks with the SPEC §5 messages, verbatim. */

export const MSG = {
  requestOtp: 'Please fill in Name, Email, and Mobile to request OTP.',
  passwordsMismatch: 'Passwords do not match!',
  otpRequired: 'Please enter the OTP.',
  validAmount: 'Please enter a valid amount.',
  noToken: 'No token selected.',
  currentPassword: 'Please enter you current password',
  noFileId: 'Upload succeeded but no file ID received.',
  agreeUpi: 'Please agree to the privacy & policy to proceed.',
  agreeOther: 'Please agree to the privacy policy to proceed.',
  utrRequired: 'Please enter UTR or Transaction Number.',
  fileRequired: 'Please upload a transaction file before submitting.',
  enterEmail: 'Please enter your email address.',
  fillAll: 'Please fill in all fields.',
  newPasswordsMismatch: 'New passwords do not match.',
} as const;

/** SPEC §5: digits with an optional single decimal point. */
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

export function validateRequestOtp(v: { name: string; email: string; mobile: string }): string | null {
  if (!v.name.trim() || !v.email.trim() || !v.mobile.trim()) return MSG.requestOtp;
  return null;
}

export interface RegisterForm {
  name: string;
  mobile: string;
  email: string;
  otp: string;
  dateOfBirth: string;
  pincode: string;
  gender: string;
  referralCode: string;
  password: string;
  confirmPassword: string;
}

const REGISTER_LABELS: Record<keyof RegisterForm, string> = {
  name: 'Name',
  mobile: 'Mobile',
  email: 'Email',
  otp: 'OTP',
  dateOfBirth: 'Date of birth',
  pincode: 'Pincode',
  gender: 'Gender',
  referralCode: 'Member ID',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

/** SPEC §5 Register: every field but referralCode is required; OTP and matching passwords have their own messages. */
export function validateRegister(f: RegisterForm): Partial<Record<keyof RegisterForm, string>> {
  const errors: Partial<Record<keyof RegisterForm, string>> = {};
  for (const key of Object.keys(REGISTER_LABELS) as (keyof RegisterForm)[]) {
    if (key === 'referralCode') continue;
    if (!String(f[key] ?? '').trim()) errors[key] = `${REGISTER_LABELS[key]} is required.`;
  }
  if (!f.otp.trim()) errors.otp = MSG.otpRequired;
  if (f.password && f.confirmPassword && f.password !== f.confirmPassword) errors.confirmPassword = MSG.passwordsMismatch;
  if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) errors.email = 'Enter a valid email address.';
  if (f.gender && !['male', 'female', 'other'].includes(f.gender)) errors.gender = 'Gender is required.';
  return errors;
}

/** SPEC §5 Forgot password step 2; null when the button may be enabled. */
export function validateReset(v: { otp: string; newPassword: string; confirmNewPassword: string }): string | null {
  if (!v.otp.trim() || !v.newPassword || !v.confirmNewPassword) return MSG.fillAll;
  if (v.newPassword !== v.confirmNewPassword) return MSG.newPasswordsMismatch;
  return null;
}

/** SPEC §5 Proof form, in the order the spec lists. */
export function validateProof(v: { utr: string; amount: string; receiptId: string | null }): string | null {
  if (!v.utr.trim()) return MSG.utrRequired;
  if (!isValidAmount(v.amount)) return MSG.validAmount;
  if (!v.receiptId) return MSG.fileRequired;
  return null;
}

/** SPEC §2: the proof file accepts image/*, .pdf, .doc and .docx. */
export const PROOF_ACCEPT = 'image/*,.pdf,.doc,.docx';

export function isAcceptedProofFile(file: { name: string; type: string }): boolean {
  if (file.type.startsWith('image/')) return true;
  return /\.(pdf|docx?)$/i.test(file.name);
}

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}
