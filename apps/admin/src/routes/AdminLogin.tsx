import { LoginCard, LoginForm, useDocumentMeta } from '@prelaunch/ui';
import { useState } from 'react';
import { useAdminLogin } from '../features/session/api/session';
import { TwoFactorLoginForm } from '../features/session/components/TwoFactorLoginForm';
import { useSite } from '../features/site/hooks/useSite';
import { AuthLayout } from '../layouts/AuthLayout';

/** SPEC §2 "Admin Login (/admin/login)", with the second step of two-factor sign-in (DESIGN §13). */
export default function AdminLogin() {
  const site = useSite();
  // SPEC §2: the token's title followed by ' | Login', with its description, keywords and icon.
  useDocumentMeta({ title: `${site.title} | Login`, description: site.description, keywords: site.keywords, icon: site.icon });
  const [challenge, setChallenge] = useState<string | null>(null);
  // Why the second step sent the admin back to the password (an expired or burnt challenge).
  const [restart, setRestart] = useState<string>();
  const login = useAdminLogin((c) => {
    setRestart(undefined);
    setChallenge(c.challenge);
  });
  return (
    <AuthLayout>
      {challenge ? (
        <LoginCard heading="Two-factor sign-in" subtitle="One more step to keep the admin area safe.">
          <TwoFactorLoginForm
            challenge={challenge}
            onRestart={(reason) => {
              setRestart(reason);
              setChallenge(null);
            }}
          />
        </LoginCard>
      ) : (
        <LoginCard heading="Admin Login" subtitle="Manage users, purchases and payment details.">
          {restart ? (
            <div className="alert alert-warning py-2" role="alert">
              {restart}
            </div>
          ) : null}
          <LoginForm
            label="Admin login form"
            emailPlaceholder="Enter Registered Email Id"
            emailAutoComplete="username"
            pending={login.isPending}
            submit="Login"
            onLogin={(email, password) => login.mutate({ email, password })}
          />
        </LoginCard>
      )}
    </AuthLayout>
  );
}
