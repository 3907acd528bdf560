import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { kycListQueryOptions } from '../features/kyc';
import { purchasesQueryOptions } from '../features/purchases';
import { Navigate, useLocation } from 'react-router';
import { isConfined, SECURITY_PATH } from '../features/security';
import { RequireAdmin, useAdminBrand } from '../features/session';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/usermanage', label: 'User Manage' },
  { to: '/admin/purchaserequest', label: 'Purchase Request' },
  { to: '/admin/kyc', label: 'KYC' },
  { to: '/admin/reconcile', label: 'Reconciliation' },
  { to: '/admin/invoices', label: 'Tax Invoices' },
  { to: '/admin/beneficiary', label: 'Beneficiary Manage' },
  { to: '/admin/token', label: 'Token Settings' },
  { to: '/admin/distribution', label: 'Distribution' },
  { to: '/admin/activity', label: 'Activity' },
  { to: SECURITY_PATH, label: 'Security' },
  { to: '/admin/logout', label: 'Logout' },
];

/** What an admin who must still turn two-factor sign-in on can reach. */
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
  // The work waiting in the menu: pending purchase requests and KYC submissions (one row each;
  // the totals). They refetch with every admin action and once a minute.
  const ready = brand.query.isSuccess && !confined;
  const pending = useQuery({ ...purchasesQueryOptions({ status: 'PENDING', page: 1, limit: 1 }), enabled: ready, refetchInterval: 60_000 });
  const kyc = useQuery({ ...kycListQueryOptions({ status: 'PENDING', page: 1, limit: 1 }), enabled: ready, refetchInterval: 60_000 });
  if (confined && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  const badges: Record<string, number | undefined> = {
    '/admin/purchaserequest': pending.data?.data.total,
    '/admin/kyc': kyc.data?.data.total,
  };
  return (
    <Shell
      brand={<Brand name={brand.name} icon={brand.icon} sub={brand.companyName || 'ADMIN'} />}
      items={confined ? CONFINED_ITEMS : ITEMS.map((i) => (badges[i.to] ? { ...i, badge: badges[i.to] } : i))}
    />
  );
}

/** Admin layout; redirects to /admin/login when not logged in (client-side only). */
export default function AdminLayout() {
  return (
    <RequireAdmin login="/admin/login">
      <AdminShell />
    </RequireAdmin>
  );
}
