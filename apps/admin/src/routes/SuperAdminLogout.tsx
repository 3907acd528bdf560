import { Logout } from '../features/session/components/Logout';

export default function SuperAdminLogout() {
  return <Logout to="/superadmin/login" />;
}
