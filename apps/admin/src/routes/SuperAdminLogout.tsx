import { Logout } from '../features/session';

export default function SuperAdminLogout() {
  return <Logout to="/superadmin/login" />;
}
