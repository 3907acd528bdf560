import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router';
import { authTokenAtom } from '../state/auth';

/** SPEC §2: with a stored authToken, / and /register go to /user/dashboard, replacing history. */
export function RedirectIfLoggedIn() {
  const token = useAtomValue(authTokenAtom);
  return token ? <Navigate to="/user/dashboard" replace /> : <Outlet />;
}

/** SPEC §2: without a token, any path under /user goes to /. */
export function RequireAuth() {
  const token = useAtomValue(authTokenAtom);
  const location = useLocation();
  return token ? <Outlet /> : <Navigate to="/" replace state={{ from: location.pathname }} />;
}
