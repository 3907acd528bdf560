import { adminSession } from '@prelaunch/api';
import { PageLoader } from '@prelaunch/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** /admin/logout and /superadmin/logout: clear accessToken, loggedIn and reloadCount, then go to the login page. */
export function Logout({ to }: { to: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    adminSession.end();
    queryClient.clear();
    navigate(to, { replace: true });
  }, [navigate, queryClient, to]);
  return <PageLoader label="Logging out..." />;
}
