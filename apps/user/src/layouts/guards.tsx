import { userSession } from '@prelaunch/api';
import { useSessionActive } from '@prelaunch/ui';
import { Navigate, Outlet, useLocation } from 'react-router';

/** With a stored authToken, / and /register go to /user/dashboard, replacing history. */
export function RedirectIfLoggedIn() {
  return useSessionActive(userSession) ? <Navigate to="/user/dashboard" replace /> : <Outlet />;
}

/** Without a token, any path under /user goes to /. */
export function RequireAuth() {
  const active = useSessionActive(userSession);
  const location = useLocation();
  return active ? <Outlet /> : <Navigate to="/" replace state={{ from: location.pathname }} />;
}
