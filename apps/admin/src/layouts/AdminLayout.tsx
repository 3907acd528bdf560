import { ADMIN_FALLBACK } from '@prelaunch/api';
import { useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../features/session/api/session';
import { RequireAdmin } from '../features/session/components/RequireAdmin';
import { PRODUCT } from '../features/site/branding';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/usermanage', label: 'User Manage' },
  { to: '/admin/purchaserequest', label: 'Purchase Request' },
  { to: '/admin/reconcile', label: 'Reconciliation' },
  { to: '/admin/beneficiary', label: 'Beneficiary Manage' },
  { to: '/admin/token', label: 'Token Settings' },
  { to: '/admin/logout', label: 'Logout' },
];

function AdminShell() {
  const profile = useQuery(profileQueryOptions());
  useErrorToast(profile.error, ADMIN_FALLBACK.profile);
  const p = profile.data?.data;
  return (
    <Shell
      brand={<Brand name={p?.token?.name || PRODUCT.name} icon={p?.token?.icon_url || PRODUCT.iconUrl} sub={p?.company?.name || 'ADMIN'} />}
      items={ITEMS}
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
