import { LoginCard, useDocumentMeta } from '@prelaunch/ui';
import { OtpLoginForm } from '../features/session';
import { useSite } from '../features/site';
import { AuthLayout } from '../layouts/AuthLayout';

/** Super admin login (/superadmin/login): OTP sign-in only, under the platform's name, never a company's. */
export default function SuperAdminLogin() {
  const site = useSite({ platform: true });
  useDocumentMeta({ title: `${site.title} | Super Admin`, icon: site.icon });
  return (
    <AuthLayout platform>
      <LoginCard heading="Super Admin">
        <OtpLoginForm />
      </LoginCard>
    </AuthLayout>
  );
}
