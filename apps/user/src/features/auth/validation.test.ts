import { describe, expect, it } from 'vitest';
import { AUTH_MSG, validateRegister, validateRequestOtp, validateReset, type RegisterForm } from './validation';

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

describe('validation', () => {
  it('request OTP needs name, email and mobile', () => {
    expect(validateRequestOtp({ name: '', email: 'a@b.c', mobile: '1' })).toBe(AUTH_MSG.requestOtp);
    expect(AUTH_MSG.requestOtp).toBe('Please fill in Name, Email, and Mobile to request OTP.');
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
});
