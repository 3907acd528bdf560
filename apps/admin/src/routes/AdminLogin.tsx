import { LoginCard, LoginForm, useDocumentMeta } from '@prelaunch/ui';
import { useAdminLogin } from '../features/session/api/session';
import { useSite } from '../features/site/hooks/useSite';
import { AuthLayout } from '../layouts/AuthLayout';

/** SPEC §2 "Admin Login (/admin/login)". */
export default function AdminLogin() {
  const site = useSite();
  // SPEC §2: the token's title followed by ' | Login', with its description, keywords and icon.
  useDocumentMeta({ title: `${site.title} | Login`, description: site.description, keywords: site.keywords, icon: site.icon });
  const login = useAdminLogin();
  return (
    <AuthLayout>
      <LoginCard heading="Admin Login" subtitle="Manage users, purchases and payment details.">
        <LoginForm
          label="Admin login form"
          emailPlaceholder="Enter Registered Email Id"
          emailAutoComplete="username"
          pending={login.isPending}
          submit="Login"
          onLogin={(email, password) => login.mutate({ email, password })}
        />
      </LoginCard>
    </AuthLayout>
  );
}
