import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { api } from '../api';
import { PRODUCT } from '../branding';
import { ADMIN_FALLBACK, useErrorToast } from '../state/errors';
import { isAdminLoggedIn } from '../state/session';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/usermanage', label: 'User Manage' },
  { to: '/admin/purchaserequest', label: 'Purchase Request' },
  { to: '/admin/beneficiary', label: 'Beneficiary Manage' },
  { to: '/admin/logout', label: 'Logout' },
];

/** SPEC §2 admin layout; redirects to /admin/login when not logged in (client-side only). */
export default function AdminLayout() {
  const loggedIn = isAdminLoggedIn();
  const profile = useQuery({ queryKey: ['admin', 'profile'], queryFn: () => api.profile(), enabled: loggedIn });
  useErrorToast(profile.error, ADMIN_FALLBACK.profile);
  if (!loggedIn) return <Navigate to="/admin/login" replace />;
  const p = profile.data?.data;
  return (
    <Shell
      brand={<Brand name={p?.token?.name || PRODUCT.name} icon={p?.token?.icon_url || PRODUCT.iconUrl} sub={p?.company?.name || 'ADMIN'} />}
      items={ITEMS}
    />
  );
}
