import {
  adminSession,
  ADMIN_FALLBACK,
  FALLBACK,
  isTwoFactorChallenge,
  type AdminLoginRequest,
  type AdminLoginTwoFactorRequest,
  type SuperAdminVerifyRequest,
  type TwoFactorChallenge,
} from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, superApi } from '../../../api';
import { useAdminMutation } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const sessionKeys = { profile: [...adminRoot, 'profile'] as const };

/** The signed-in admin and their company (the layout's brand). */
export const profileQueryOptions = () => queryOptions({ queryKey: sessionKeys.profile, queryFn: () => api.profile() });

/**
 * SPEC §4: admin login stores the session and goes to /admin/dashboard. With two-factor sign-in
 * on (DESIGN §13) the answer is a challenge instead, handed to `onChallenge` for the second step.
 */
export function useAdminLogin(onChallenge: (challenge: TwoFactorChallenge) => void) {
  const navigate = useNavigate();
  return useAdminMutation((body: AdminLoginRequest) => api.login(body), FALLBACK.login, [], {
    // The second step's own screen asks for the code; no toast saying it again.
    quiet: (res) => isTwoFactorChallenge(res.data),
    onDone: (res) => {
      if (isTwoFactorChallenge(res.data)) return onChallenge(res.data);
      adminSession.start(res.data.token);
      navigate('/admin/dashboard', { replace: true });
    },
  });
}

/** DESIGN §13: the second sign-in step (a TOTP or a recovery code for the challenge); then as the login. */
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

/** SPEC §4: on verify the token is stored and the super admin goes to /superadmin/dashboard. */
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
