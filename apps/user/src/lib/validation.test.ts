import { describe, expect, it } from 'vitest';
import {
  isAcceptedProofFile,
  isAmountInput,
  isValidAmount,
  MSG,
  validateProof,
  validateRegister,
  validateRequestOtp,
  validateReset,
  type RegisterForm,
} from './validation';

const full: RegisterForm = {
  name: 'Asha',
  mobile: '+91 9876543210',
  email: 'asha@example.com',
  otp: '123456',
  dateOfBirth: '2000-01-01',
  pincode: '560001',
  gender: 'female',
  referralCode: '',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
};

describe('validation (SPEC §5)', () => {
  it('amount input accepts digits and one decimal point only', () => {
    expect(isAmountInput('')).toBe(true);
    expect(isAmountInput('12')).toBe(true);
    expect(isAmountInput('12.')).toBe(true);
    expect(isAmountInput('12.5')).toBe(true);
    expect(isAmountInput('1.2.3')).toBe(false);
    expect(isAmountInput('-1')).toBe(false);
    expect(isAmountInput('1e3')).toBe(false);
    expect(isAmountInput('abc')).toBe(false);
  });

  it('a valid amount is above 0', () => {
    expect(isValidAmount('0')).toBe(false);
    expect(isValidAmount('0.00')).toBe(false);
    expect(isValidAmount('.')).toBe(false);
    expect(isValidAmount('')).toBe(false);
    expect(isValidAmount('0.5')).toBe(true);
    expect(isValidAmount('100')).toBe(true);
  });

  it('request OTP needs name, email and mobile', () => {
    expect(validateRequestOtp({ name: '', email: 'a@b.c', mobile: '1' })).toBe(MSG.requestOtp);
    expect(MSG.requestOtp).toBe('Please fill in Name, Email, and Mobile to request OTP.');
    expect(validateRequestOtp({ name: 'a', email: 'a@b.c', mobile: '1' })).toBeNull();
  });

  it('register requires every field but the Member ID, the OTP and matching passwords', () => {
    expect(validateRegister(full)).toEqual({});
    expect(validateRegister({ ...full, otp: '' }).otp).toBe('Please enter the OTP.');
    expect(validateRegister({ ...full, confirmPassword: 'x' }).confirmPassword).toBe('Passwords do not match!');
    const empty = validateRegister({ ...full, pincode: '', gender: '', dateOfBirth: '' });
    expect(Object.keys(empty).sort()).toEqual(['dateOfBirth', 'gender', 'pincode']);
  });

  it('reset needs all fields and matching new passwords', () => {
    expect(validateReset({ otp: '', newPassword: 'a', confirmNewPassword: 'a' })).toBe('Please fill in all fields.');
    expect(validateReset({ otp: '1', newPassword: 'a', confirmNewPassword: 'b' })).toBe('New passwords do not match.');
    expect(validateReset({ otp: '1', newPassword: 'a', confirmNewPassword: 'a' })).toBeNull();
  });

  it('proof form: UTR, amount, then file', () => {
    expect(validateProof({ utr: ' ', amount: '1', receiptId: 'r' })).toBe('Please enter UTR or Transaction Number.');
    expect(validateProof({ utr: 'U', amount: '0', receiptId: 'r' })).toBe('Please enter a valid amount.');
    expect(validateProof({ utr: 'U', amount: '5', receiptId: null })).toBe('Please upload a transaction file before submitting.');
    expect(validateProof({ utr: 'U', amount: '5', receiptId: 'r' })).toBeNull();
  });

  it('proof files: images, pdf, doc, docx', () => {
    expect(isAcceptedProofFile({ name: 'a.png', type: 'image/png' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.PDF', type: 'application/pdf' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.docx', type: '' })).toBe(true);
    expect(isAcceptedProofFile({ name: 'a.exe', type: 'application/octet-stream' })).toBe(false);
  });
});
