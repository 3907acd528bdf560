import {
  adminSession,
  ADMIN_FALLBACK,
  FALLBACK,
  isCompanyChoice,
  isTwoFactorChallenge,
  type AdminLoginRequest,
  type CompanyChoice,
  type AdminLoginTwoFactorRequest,
  type SuperAdminVerifyRequest,
  type TwoFactorChallenge,
} from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { api, superApi } from '../../../api';
import { useAdminMutation } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const sessionKeys = { profile: [...adminRoot, 'profile'] as const };

/** The signed-in admin and their company (the layout's brand). */
export const profileQueryOptions = () => queryOptions({ queryKey: sessionKeys.profile, queryFn: () => api.profile() });

/**
 * Admin login stores the session and goes to /admin/dashboard. With two-factor sign-in
 * on the answer is a challenge instead, handed to `onChallenge` for the second step;
 * when the email and password are right in several companies, their list goes to `onCompanies`
 * (the page asks which, then signs in again with its companyId). `onFailed` sees every failure.
 */
export function useAdminLogin(
  onChallenge: (challenge: TwoFactorChallenge) => void,
  onCompanies: (choice: CompanyChoice, body: AdminLoginRequest) => void = () => undefined,
  onFailed?: (err: unknown) => void,
) {
  const navigate = useNavigate();
  const last = useRef<AdminLoginRequest>({ email: '', password: '' });
  return useAdminMutation(
    (body: AdminLoginRequest) => {
      last.current = body;
      return api.login(body);
    },
    FALLBACK.login,
    [],
    {
      // The second step's own screen asks for the code (or the company); no toast saying it again.
      quiet: (res) => isTwoFactorChallenge(res.data) || isCompanyChoice(res.data),
      onDone: (res) => {
        if (isTwoFactorChallenge(res.data)) return onChallenge(res.data);
        if (isCompanyChoice(res.data)) return onCompanies(res.data, last.current);
        adminSession.start(res.data.token);
        navigate('/admin/dashboard', { replace: true });
      },
      onFailed,
    },
  );
}

/** The second sign-in step (a TOTP or a recovery code for the challenge); then as the login. */
export function useAdminLoginTwoFactor(onFailed: (err: unknown) => void) {
  const navigate = useNavigate();
  return useAdminMutation((body: AdminLoginTwoFactorRequest) => api.loginTwoFactor(body), ADMIN_FALLBACK.twoFactorLogin, [], {
    onDone: (res) => {
      adminSession.start(res.data.token);
      navigate('/admin/dashboard', { replace: true });
    },
    onFailed,
  });
}

/** Super admin step 1: an emailed OTP. */
export function useRequestSuperAdminOtp(onDone: () => void, onFailed: () => void) {
  return useAdminMutation((email: string) => superApi.requestOtp(email), ADMIN_FALLBACK.otp, [], { onDone, onFailed });
}

/** On verify the token is stored and the super admin goes to /superadmin/dashboard. */
export function useVerifySuperAdminOtp(onFailed: () => void) {
  const navigate = useNavigate();
  return useAdminMutation((body: SuperAdminVerifyRequest) => superApi.verifyOtp(body), ADMIN_FALLBACK.verify, [], {
    onDone: (res) => {
      adminSession.start(res.data.token);
      navigate('/superadmin/dashboard', { replace: true });
    },
    onFailed,
  });
}
