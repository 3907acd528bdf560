import { RequireAdmin } from '../features/session';
import { PRODUCT } from '../features/site';
import { Brand, Shell } from './Shell';

const ITEMS = [
  { to: '/superadmin/dashboard', label: 'Dashboard' },
  { to: '/superadmin/companymanage', label: 'Company Manage', also: '/superadmin/company/' },
  { to: '/superadmin/transactionmanage', label: 'Transaction Manage' },
  { to: '/superadmin/beneficiarymanage', label: 'Beneficiary Manage' },
  { to: '/superadmin/activity', label: 'Activity' },
  { to: '/superadmin/logout', label: 'Logout' },
];

/** Super admin layout; redirects to /superadmin/login when not logged in. */
export default function SuperAdminLayout() {
  return (
    <RequireAdmin login="/superadmin/login">
      <Shell brand={<Brand name={PRODUCT.name} icon={PRODUCT.iconUrl} sub="SUPER ADMIN" />} items={ITEMS} />
    </RequireAdmin>
  );
}
