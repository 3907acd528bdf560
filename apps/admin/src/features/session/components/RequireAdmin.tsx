import { adminSession } from '@prelaunch/api';
import { UnauthorizedHandler, useSessionActive } from '@prelaunch/ui';
import { useCallback, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';

/**
 * SPEC §2: the admin and super admin layouts redirect to their login page when not logged in
 * (client-side only). Below it, a call the server answers with 401 ends the session and goes there too.
 */
export function RequireAdmin({ login, children }: { login: string; children: ReactNode }) {
  const active = useSessionActive(adminSession);
  const navigate = useNavigate();
  const onUnauthorized = useCallback(() => {
    adminSession.end();
    navigate(login, { replace: true });
  }, [login, navigate]);
  if (!active) return <Navigate to={login} replace />;
  return <UnauthorizedHandler onUnauthorized={onUnauthorized}>{children}</UnauthorizedHandler>;
}
