import {
  FALLBACK,
  userSession,
  type AccountCloseRequest,
  type ForgotPasswordOtpRequest,
  type ForgotPasswordRequest,
  type PasswordUpdateRequest,
  type RegisterOtpRequest,
  type RegisterRequest,
} from '@prelaunch/api';
import { reportError, toastSuccess } from '@prelaunch/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../api';

export const REGISTERED_SIGNED_IN = 'Registration successful. You are signed in.';

/** Registration step 1: the server emails an OTP; `onSent` moves to step 2. */
export function useRegisterOtp(onSent: () => void) {
  return useMutation({
    mutationFn: (body: RegisterOtpRequest) => api.registerOtp(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      onSent();
    },
    onError: (err) => reportError(err, FALLBACK.sendOtp),
  });
}

/** Where a registration ends: signed in, or (sign-in refused) on the login page with the email filled. */
export type RegisterOutcome = { signedIn: true } | { signedIn: false; message: string | string[] };

/**
 * Registration ends signed in: the account is created, then signed in with the email and password
 * just typed, and the buyer lands on the dashboard. Should that sign-in fail, the buyer goes to the
 * login page (the "/") with the email filled in.
 */
export function useRegister() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (body: RegisterRequest): Promise<RegisterOutcome> => {
      const res = await api.register(body);
      try {
        const login = await api.login({ companyId: body.companyId, user: body.email, password: body.password });
        userSession.start(login.data.token);
        return { signedIn: true };
      } catch {
        return { signedIn: false, message: res.message };
      }
    },
    onSuccess: (out, body) => {
      if (out.signedIn) {
        toastSuccess(REGISTERED_SIGNED_IN);
        navigate('/user/dashboard', { replace: true });
        return;
      }
      toastSuccess(out.message);
      navigate('/', { replace: true, state: { email: body.email } });
    },
    onError: (err) => {
      console.error('Registration request failed:', err);
      reportError(err, FALLBACK.register);
    },
  });
}

/** Forgot password REQ-OTP: `onSent` moves to VERIFY-RESET. */
export function useForgotPasswordOtp(onSent: () => void) {
  return useMutation({
    mutationFn: (body: ForgotPasswordOtpRequest) => api.forgotPasswordOtp(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      onSent();
    },
    onError: (err) => reportError(err, FALLBACK.sendOtp),
  });
}

/** Forgot password VERIFY-RESET: after a successful reset go to /. */
export function useForgotPassword() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.forgotPassword(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      navigate('/', { replace: true });
    },
    onError: (err) => reportError(err, FALLBACK.updatePassword),
  });
}

/** A password-change code to the registered email. */
export function usePasswordOtp(onSent: () => void) {
  return useMutation({
    mutationFn: () => api.passwordOtp(),
    onSuccess: () => {
      toastSuccess('OTP successfully send');
      onSent();
    },
    onError: (err) => reportError(err, FALLBACK.sendPasswordOtp),
  });
}

/** A password change revokes older sessions on the server: the buyer signs in again. */
export function usePasswordUpdate() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: PasswordUpdateRequest) => api.passwordUpdate(body),
    onSuccess: () => {
      toastSuccess('Password updated successfully');
      userSession.end();
      queryClient.clear();
      navigate('/', { replace: true });
    },
    onError: (err) => reportError(err, FALLBACK.updatePassword),
  });
}

export const ACCOUNT_CLOSED = 'Your account is closed.';

/**
 * Closes the buyer's own account: on success the session ends and the buyer lands on the sign-in
 * page. Errors (wrong password, an order under way) stay with the dialog, which shows them.
 */
export function useAccountClose() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: AccountCloseRequest) => api.accountClose(body),
    onSuccess: () => {
      toastSuccess(ACCOUNT_CLOSED);
      userSession.end();
      queryClient.clear();
      navigate('/', { replace: true });
    },
  });
}
