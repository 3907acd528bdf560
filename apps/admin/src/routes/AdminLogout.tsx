import { Logout } from '../features/session';

export default function AdminLogout() {
  return <Logout to="/admin/login" />;
}
