import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useErrorToast } from '@prelaunch/ui';
import { Navigate, useLocation } from 'react-router';
import { isConfined, SECURITY_PATH } from '../features/security/api/security';
import { RequireAdmin } from '../features/session/components/RequireAdmin';
import { useAdminBrand } from '../features/session/hooks/useAdminBrand';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/usermanage', label: 'User Manage' },
  { to: '/admin/purchaserequest', label: 'Purchase Request' },
  { to: '/admin/kyc', label: 'KYC' },
  { to: '/admin/reconcile', label: 'Reconciliation' },
  { to: '/admin/beneficiary', label: 'Beneficiary Manage' },
  { to: '/admin/token', label: 'Token Settings' },
  { to: '/admin/activity', label: 'Activity' },
  { to: SECURITY_PATH, label: 'Security' },
  { to: '/admin/logout', label: 'Logout' },
];

/** What an admin who must still turn two-factor sign-in on can reach (DESIGN §13). */
const CONFINED_ITEMS = [
  { to: SECURITY_PATH, label: 'Security' },
  { to: '/admin/logout', label: 'Logout' },
];

function AdminShell() {
  // The signed-in admin's company and token (profile/get), never the host's default site.
  const brand = useAdminBrand();
  useErrorToast(brand.query.error, ADMIN_FALLBACK.profile);
  const { pathname } = useLocation();
  // A company that requires two-factor sign-in keeps its unenrolled admins on the Security page:
  // the server answers every other call 403, so the other pages would only fail.
  const confined = isConfined(brand.query.data?.data);
  if (confined && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return (
    <Shell
      brand={<Brand name={brand.name} icon={brand.icon} sub={brand.companyName || 'ADMIN'} />}
      items={confined ? CONFINED_ITEMS : ITEMS}
    />
  );
}

/** SPEC §2 admin layout; redirects to /admin/login when not logged in (client-side only). */
export default function AdminLayout() {
  return (
    <RequireAdmin login="/admin/login">
      <AdminShell />
    </RequireAdmin>
  );
}
