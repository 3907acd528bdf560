import { adminSession, ADMIN_FALLBACK, FALLBACK, type AdminLoginRequest, type SuperAdminVerifyRequest } from '@prelaunch/api';
import { queryOptions } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, superApi } from '../../../api';
import { useAdminMutation } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

export const sessionKeys = { profile: [...adminRoot, 'profile'] as const };

/** The signed-in admin and their company (the layout's brand). */
export const profileQueryOptions = () => queryOptions({ queryKey: sessionKeys.profile, queryFn: () => api.profile() });

/** SPEC §4: admin login stores the session and goes to /admin/dashboard. */
export function useAdminLogin() {
  const navigate = useNavigate();
  return useAdminMutation((body: AdminLoginRequest) => api.login(body), FALLBACK.login, [], {
    onDone: (res) => {
      adminSession.start(res.data.token);
      navigate('/admin/dashboard', { replace: true });
    },
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
