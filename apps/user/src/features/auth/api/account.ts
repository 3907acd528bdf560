import {
  FALLBACK,
  userSession,
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

/** SPEC §4: successful registration goes to /. */
export function useRegister() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: RegisterRequest) => api.register(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      navigate('/', { replace: true });
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

/** A password-change code to the registered email (DESIGN §6). */
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

/** A password change revokes older sessions on the server (DESIGN §8): the buyer signs in again. */
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
