import { errorMessage } from '@prelaunch/api';
import { toastErrors } from '@prelaunch/ui';
import { isAxiosError } from 'axios';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { endAdminSession } from './session';

/** Fallbacks for admin screens (SPEC §8 gives none for them; every error still gets a toast). */
export const ADMIN_FALLBACK = {
  site: 'Failed to load site settings',
  profile: 'Failed to load profile',
  dashboard: 'Failed to load dashboard',
  users: 'Failed to fetch users',
  userAdd: 'Failed to add user',
  userUpdate: 'Failed to update user',
  userDelete: 'Failed to delete user',
  userApprove: 'Failed to approve user',
  purchases: 'Failed to fetch transactions',
  approve: 'Failed to approve purchase',
  reject: 'Failed to reject purchase',
  beneficiary: 'Failed to fetch beneficiary',
  beneficiaryUpdate: 'Failed to update beneficiary',
  otp: 'Failed to send OTP',
  verify: 'Failed to login',
  companies: 'Failed to fetch companies',
  companyAdd: 'Failed to add company',
  beneficiaries: 'Failed to fetch beneficiaries',
} as const;

/** Logs and toasts a failed call; returns true when the session was rejected (401). */
export function reportError(err: unknown, fallback: string): boolean {
  console.error(err);
  toastErrors(errorMessage(err, fallback));
  return isAxiosError(err) && err.response?.status === 401;
}

/** Toasts a query's error once per failure; a 401 ends the session and goes to the login page. */
export function useErrorToast(error: unknown, fallback: string, loginPath = '/admin/login') {
  const navigate = useNavigate();
  useEffect(() => {
    if (!error) return;
    if (reportError(error, fallback)) {
      endAdminSession();
      navigate(loginPath, { replace: true });
    }
  }, [error, fallback, loginPath, navigate]);
}
