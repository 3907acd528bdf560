import { COMPANY_SUSPENDED_MESSAGE, isCompanySuspended, type AdminLoginRequest, type CompanyChoice } from '@prelaunch/api';
import { ButtonLabel, LoginCard, LoginForm, useDocumentMeta } from '@prelaunch/ui';
import { useState } from 'react';
import { TwoFactorLoginForm, useAdminLogin } from '../features/session';
import { useSite } from '../features/site';
import { AuthLayout } from '../layouts/AuthLayout';

/**
 * Admin Login (/admin/login), with the second step of two-factor sign-in
 * and, for an email that is an admin of several companies, the step that asks which company.
 */
export default function AdminLogin() {
  const site = useSite();
  // The token's title followed by ' | Login', with its description, keywords and icon.
  useDocumentMeta({ title: `${site.title} | Login`, description: site.description, keywords: site.keywords, icon: site.icon });
  const [challenge, setChallenge] = useState<string | null>(null);
  // The companies the email and password are right for, and what to send again with the one chosen.
  const [choice, setChoice] = useState<{ companies: CompanyChoice['companies']; body: AdminLoginRequest } | null>(null);
  // Why the second step sent the admin back to the password (an expired or burnt challenge).
  const [restart, setRestart] = useState<string>();
  // A suspended company: said on the page, not only in a toast that goes away.
  const [suspended, setSuspended] = useState(false);
  const login = useAdminLogin(
    (c) => {
      setRestart(undefined);
      setChoice(null);
      setChallenge(c.challenge);
    },
    (c, body) => {
      setRestart(undefined);
      setChoice({ companies: c.companies, body });
    },
    (err) => setSuspended(isCompanySuspended(err)),
  );
  const alert = suspended ? (
    <div className="alert alert-danger py-2" role="alert">
      {COMPANY_SUSPENDED_MESSAGE}
    </div>
  ) : restart ? (
    <div className="alert alert-warning py-2" role="alert">
      {restart}
    </div>
  ) : null;
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
      ) : choice ? (
        <LoginCard heading="Choose a company" subtitle={`${choice.body.email} is an admin of more than one company.`}>
          {alert}
          <div role="group" aria-label="Companies" className="d-grid gap-2">
            {choice.companies.map((c) => (
              <button
                key={c.id}
                type="button"
                className="btn btn-outline-primary text-start text-break"
                disabled={login.isPending}
                onClick={() => login.mutate({ ...choice.body, companyId: c.id })}
              >
                <ButtonLabel pending={login.isPending && login.variables?.companyId === c.id} idle={c.name} busy="Signing in..." />
              </button>
            ))}
          </div>
          <button type="button" className="btn btn-link px-0 mt-3" disabled={login.isPending} onClick={() => setChoice(null)}>
            Use another account
          </button>
        </LoginCard>
      ) : (
        <LoginCard
          heading="Admin Login"
          subtitle={
            site.companyName
              ? `${site.companyName}: manage users, purchases and payment details.`
              : 'Company admin sign-in: manage users, purchases and payment details.'
          }
        >
          {alert}
          <LoginForm
            label="Admin login form"
            emailPlaceholder="Enter Registered Email Id"
            emailAutoComplete="username"
            pending={login.isPending}
            submit="Login"
            onLogin={(email, password) => {
              setSuspended(false);
              login.mutate({ email, password });
            }}
          />
        </LoginCard>
      )}
    </AuthLayout>
  );
}
