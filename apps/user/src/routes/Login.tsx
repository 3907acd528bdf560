import { FALLBACK, MISSING_COMPANY_ID } from '@prelaunch/api';
import { LoginCard, LoginForm, toastErrors } from '@prelaunch/ui';
import { Link } from 'react-router';
import { useLogin } from '../features/auth/api/login';
import { useSite, useSiteDocumentMeta } from '../features/site/hooks/useSite';
import { useSaleSuspended } from '../features/site/suspended';
import { PublicHeader } from '../layouts/PublicHeader';

/** SPEC §2 "Login (/)". Nothing here may import axios: it is the first load of / (see features/auth/api/login.ts). */
export default function Login() {
  const { token, companyId, isLoading: siteLoading } = useSite();
  const login = useLogin();
  const suspended = useSaleSuspended();

  useSiteDocumentMeta();

  function onLogin(email: string, password: string) {
    if (!companyId) {
      toastErrors([siteLoading ? FALLBACK.login : MISSING_COMPANY_ID]);
      return;
    }
    login.mutate({ companyId, user: email, password });
  }

  return (
    <div className="pl-page">
      <PublicHeader token={token} />
      <main className="container flex-grow-1 d-flex align-items-center py-4 py-lg-5">
        <div className="row w-100 g-4 g-lg-5 align-items-center mx-0">
          <section className="col-lg-6 d-none d-lg-block text-white">
            <span className="pl-chip mb-3">{token.symbol} · {suspended ? 'Sale paused' : 'Private sale open'}</span>
            <h1 className="display-5 fw-bold mb-3">
              Get <span className="pl-gradient-text">{token.name}</span> before it launches.
            </h1>
            <p className="lead pl-muted mb-4">
              Buy at the pre-launch price in INR, pay by bank transfer or UPI, and track every purchase from
              your dashboard.
            </p>
            <ul className="list-unstyled pl-muted d-grid gap-2 mb-0">
              <li>✓ Transparent pricing with the platform fee shown up front</li>
              <li>✓ Every payment verified by the company before tokens are credited</li>
              <li>✓ Your purchase history, receipts and stock in one place</li>
            </ul>
          </section>

          <section className="col-12 col-lg-6 px-0 px-sm-2">
            <LoginCard
              as="h2"
              heading="Welcome back"
              subtitle={`Sign in to continue to your ${token.name} account.`}
              footer={
                <p className="text-center text-body-secondary mt-4 mb-0">
                  New here? <Link to="/register" className="fw-semibold">Create account</Link>
                </p>
              }
            >
              <LoginForm
                label="Log in form"
                emailPlaceholder="you@example.com"
                emailAutoComplete="email"
                pending={login.isPending}
                submit="Log in"
                busy="Logging in..."
                extra={
                  <div className="d-flex justify-content-end mb-4">
                    <Link to="/fogot-password" className="small">
                      Forgot password?
                    </Link>
                  </div>
                }
                onLogin={onLogin}
              />
            </LoginCard>
          </section>
        </div>
      </main>
      <footer className="container pb-4 small pl-muted text-center">
        © {new Date().getFullYear()} {token.name}. All rights reserved.
      </footer>
    </div>
  );
}
