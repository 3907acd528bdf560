import { NotFound as NotFoundPage } from '@prelaunch/ui';

export default function NotFound() {
  return <NotFoundPage home="/admin/login" />;
}
