import { Logout } from './AdminLogout';

export default function SuperAdminLogout() {
  return <Logout to="/superadmin/login" />;
}
