import { ADMIN_FALLBACK, adminSession, type AdminProfile, type ApiResult, type TwoFactorDisableRequest, type TwoFactorEnabled, type TwoFactorSetup } from '@prelaunch/api';
import { api } from '../../../api';
import { useAdminMutation, type AdminMutationOptions } from '../../../lib/mutation';
import { adminRoot } from '../../../lib/queryKeys';

/**
 * An admin of a company that requires two-factor sign-in, who has not turned it on,
 * holds a token that reaches only profile/get and the set-up calls: the app confines them to the
 * Security page until they enrol.
 */
export function isConfined(p: Pick<AdminProfile, 'twoFactorEnabled' | 'twoFactorRequired'> | undefined): boolean {
  return Boolean(p && p.twoFactorRequired && !p.twoFactorEnabled);
}

export const SECURITY_PATH = '/admin/security';

// Turning two-factor on or off changes the profile (and with it what a confined admin may reach):
// everything this admin sees is fetched again.
const refetch = [adminRoot];

// The set-up's steps appear in place: no toast announcing them.
export const useTwoFactorSetup = (o?: AdminMutationOptions<ApiResult<TwoFactorSetup>>) =>
  useAdminMutation(() => api.twoFactorSetup(), ADMIN_FALLBACK.twoFactorSetup, [], { quiet: () => true, ...o });

// Turning it on needs the password and ends every other session: this one goes on with the fresh
// token the answer carries.
export const useTwoFactorEnable = (o?: AdminMutationOptions<ApiResult<TwoFactorEnabled>>) =>
  useAdminMutation(
    ({ code, password }: { code: string; password: string }) => api.twoFactorEnable(code, password),
    ADMIN_FALLBACK.twoFactorEnable,
    refetch,
    {
      ...o,
      onDone: (res) => {
        adminSession.start(res.data.token);
        o?.onDone?.(res);
      },
    },
  );

export const useTwoFactorDisable = (o?: AdminMutationOptions<ApiResult<null>>) =>
  useAdminMutation((body: TwoFactorDisableRequest) => api.twoFactorDisable(body), ADMIN_FALLBACK.twoFactorDisable, refetch, o);
