import { adminSession, companySuspensionReason, isCompanySuspended } from '@prelaunch/api';
import { UnauthorizedHandler, useSessionActive } from '@prelaunch/ui';
import { QueryClientContext } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CompanySuspended } from './CompanySuspended';

/**
 * The admin and super admin layouts redirect to their login page when not logged in
 * (client-side only). Below it, a call the server answers with 401 ends the session and goes there
 * too; one it answers 403 company_suspended (the admin's company was suspended while they were
 * signed in) puts the suspended notice, with the reason, in place of the pages.
 */
export function RequireAdmin({ login, children }: { login: string; children: ReactNode }) {
  const active = useSessionActive(adminSession);
  const navigate = useNavigate();
  const suspended = useCompanySuspended();
  const onUnauthorized = useCallback(() => {
    adminSession.end();
    navigate(login, { replace: true });
  }, [login, navigate]);
  if (!active) return <Navigate to={login} replace />;
  if (suspended) return <CompanySuspended reason={suspended.reason} logout={login.replace(/\/login$/, '/logout')} />;
  return <UnauthorizedHandler onUnauthorized={onUnauthorized}>{children}</UnauthorizedHandler>;
}

/** The first company_suspended 403 of any query or mutation of this client, with its reason. */
function useCompanySuspended(): { reason?: string } | null {
  // The layouts' tests may render without a client: then there is nothing to watch.
  const qc = useContext(QueryClientContext);
  const [found, setFound] = useState<{ reason?: string } | null>(null);
  useEffect(() => {
    if (!qc) return;
    const seen = (err: unknown) => {
      if (isCompanySuspended(err)) setFound((f) => f ?? { reason: companySuspensionReason(err) });
    };
    for (const q of qc.getQueryCache().getAll()) seen(q.state.error);
    const offQ = qc.getQueryCache().subscribe((e) => {
      if (e.type === 'updated') seen(e.query.state.error);
    });
    const offM = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.mutation) seen(e.mutation.state.error);
    });
    return () => {
      offQ();
      offM();
    };
  }, [qc]);
  return found;
}
