import { Logout } from '../features/session/components/Logout';

export default function AdminLogout() {
  return <Logout to="/admin/login" />;
}
