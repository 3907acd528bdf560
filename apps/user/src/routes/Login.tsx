import { FALLBACK, MISSING_COMPANY_ID } from '@prelaunch/api';
import { LoginCard, LoginForm, toastErrors } from '@prelaunch/ui';
import { Link, useLocation } from 'react-router';
import { useLogin } from '../features/auth';
import { PublicHeader, SaleLanding, useSaleSuspended, useSite, useSiteDocumentMeta } from '../features/site';

/** Login (/), which is also the buyer site's first screen: the sale, then sign in. Nothing here may import axios: it is the first load of / (see features/auth/api/login.ts). */
export default function Login() {
  const { token, companyId, isLoading: siteLoading } = useSite();
  const login = useLogin();
  const suspended = useSaleSuspended();
  // Registration that could not sign in lands here with its email (features/auth/api/account.ts).
  const registeredEmail = (useLocation().state as { email?: string } | null)?.email;

  useSiteDocumentMeta();

  function onLogin(email: string, password: string) {
    if (!companyId) {
      toastErrors([siteLoading ? FALLBACK.login : MISSING_COMPANY_ID]);
      return;
    }
    login.mutate({ companyId, user: email, password });
  }

  function focusSignIn() {
    const email = document.querySelector<HTMLInputElement>('#sign-in input[name="email"]');
    email?.focus();
    email?.scrollIntoView?.({ block: 'center' });
  }

  return (
    <div className="pl-page">
      <PublicHeader token={token} />
      <main className="container flex-grow-1 d-flex align-items-center py-3 py-lg-5">
        <div className="row w-100 g-4 g-lg-5 align-items-center mx-0">
          {/* The first screen shows the sale itself, with Register and Sign in (a visitor's first visit, not a return). */}
          <section className="col-12 col-lg-6 px-0 px-sm-2 text-white" aria-labelledby="landing-title">
            <span className="pl-chip mb-2 mb-lg-3">{token.symbol} · {suspended ? 'Sale paused' : 'Private sale'}</span>
            <h1 id="landing-title" className="fs-1 fw-bold mb-3">
              Get <span className="pl-gradient-text">{token.name}</span> before it launches.
            </h1>
            <SaleLanding onSignIn={focusSignIn} />
            <ul className="list-unstyled pl-muted d-none d-lg-grid gap-2 mt-4 mb-0">
              <li>✓ Transparent pricing with the platform fee shown up front</li>
              <li>✓ Every payment verified by the company before tokens are credited</li>
              <li>✓ Your purchase history, receipts and stock in one place</li>
            </ul>
          </section>

          <section className="col-12 col-lg-6 px-0 px-sm-2" id="sign-in">
            <LoginCard
              as="h2"
              heading="Sign in"
              subtitle={`Already registered? Sign in to your ${token.name} account.`}
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
                initialEmail={registeredEmail}
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
