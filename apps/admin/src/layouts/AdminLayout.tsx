import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useErrorToast } from '@prelaunch/ui';
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
  { to: '/admin/logout', label: 'Logout' },
];

function AdminShell() {
  // The signed-in admin's company and token (profile/get), never the host's default site.
  const brand = useAdminBrand();
  useErrorToast(brand.query.error, ADMIN_FALLBACK.profile);
  return <Shell brand={<Brand name={brand.name} icon={brand.icon} sub={brand.companyName || 'ADMIN'} />} items={ITEMS} />;
}

/** SPEC §2 admin layout; redirects to /admin/login when not logged in (client-side only). */
export default function AdminLayout() {
  return (
    <RequireAdmin login="/admin/login">
      <AdminShell />
    </RequireAdmin>
  );
}
