import { Navigate } from 'react-router';
import { PRODUCT } from '../branding';
import { isAdminLoggedIn } from '../state/session';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/superadmin/dashboard', label: 'Dashboard' },
  { to: '/superadmin/companymanage', label: 'Company Manage' },
  { to: '/superadmin/transactionmanage', label: 'Transaction Manage' },
  { to: '/superadmin/beneficiarymanage', label: 'Beneficiary Manage' },
  { to: '/superadmin/logout', label: 'Logout' },
];

/** SPEC §2 super admin layout; redirects to /superadmin/login when not logged in. */
export default function SuperAdminLayout() {
  if (!isAdminLoggedIn()) return <Navigate to="/superadmin/login" replace />;
  return <Shell brand={<Brand name={PRODUCT.name} icon={PRODUCT.iconUrl} sub="SUPER ADMIN" />} items={ITEMS} />;
}
