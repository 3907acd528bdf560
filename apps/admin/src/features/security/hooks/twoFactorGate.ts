import { isTwoFactorRequired } from '@prelaunch/api';
import type { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../../session';
import { SECURITY_PATH } from '../api/security';

/**
 * The app-wide answer to the 403 of an admin who must turn two-factor sign-in on (their company
 * started requiring it while they were signed in, say): the profile is fetched again — the admin
 * layout then confines them to Security — and they are taken there at once.
 */
export function twoFactorGate(getClient: () => QueryClient, navigate: (to: string) => unknown, where: () => string) {
  return (err: unknown) => {
    if (!isTwoFactorRequired(err)) return;
    void getClient().invalidateQueries({ queryKey: sessionKeys.profile });
    const path = where();
    if (path.startsWith('/admin/') && path !== SECURITY_PATH) void navigate(SECURITY_PATH);
  };
}
