/** Client-side checks of the sign-up and password screens, with the messages verbatim. */
import { EMAIL_PATTERN } from '@prelaunch/ui';

export const AUTH_MSG = {
  requestOtp: 'Please fill in Name, Email, and Mobile to request OTP.',
  passwordsMismatch: 'Passwords do not match!',
  otpRequired: 'Please enter the OTP.',
  enterEmail: 'Please enter your email address.',
  fillAll: 'Please fill in all fields.',
  newPasswordsMismatch: 'New passwords do not match.',
} as const;

export function validateRequestOtp(v: { name: string; email: string; mobile: string }): string | null {
  if (!v.name.trim() || !v.email.trim() || !v.mobile.trim()) return AUTH_MSG.requestOtp;
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

/** Register: every field but referralCode is required; OTP and matching passwords have their own messages. */
export function validateRegister(f: RegisterForm): Partial<Record<keyof RegisterForm, string>> {
  const errors: Partial<Record<keyof RegisterForm, string>> = {};
  for (const key of Object.keys(REGISTER_LABELS) as (keyof RegisterForm)[]) {
    if (key === 'referralCode') continue;
    if (!String(f[key] ?? '').trim()) errors[key] = `${REGISTER_LABELS[key]} is required.`;
  }
  if (!f.otp.trim()) errors.otp = AUTH_MSG.otpRequired;
  if (f.password && f.confirmPassword && f.password !== f.confirmPassword) errors.confirmPassword = AUTH_MSG.passwordsMismatch;
  if (f.email.trim() && !EMAIL_PATTERN.test(f.email.trim())) errors.email = 'Enter a valid email address.';
  if (f.gender && !['male', 'female', 'other'].includes(f.gender)) errors.gender = 'Gender is required.';
  return errors;
}

/** Forgot password step 2 (and the password change); null when the button may be enabled. */
export function validateReset(v: { otp: string; newPassword: string; confirmNewPassword: string }): string | null {
  if (!v.otp.trim() || !v.newPassword || !v.confirmNewPassword) return AUTH_MSG.fillAll;
  if (v.newPassword !== v.confirmNewPassword) return AUTH_MSG.newPasswordsMismatch;
  return null;
}
