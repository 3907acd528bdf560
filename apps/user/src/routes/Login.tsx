import { ButtonLabel, FormInput, toastErrors, toastSuccess, useDocumentMeta } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PublicHeader } from '../layouts/PublicHeader';
import { useSite } from '../queries/site';
import { authTokenAtom } from '../state/auth';

interface Errors {
  email?: string;
  password?: string;
}

function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) errors.email = 'Enter a valid email address.';
  if (!password) errors.password = 'Password is required.';
  return errors;
}

/** SPEC §2 "Login (/)". */
export default function Login() {
  const { token, metaData, companyId, isLoading: siteLoading } = useSite();
  const setAuthToken = useSetAtom(authTokenAtom);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  useDocumentMeta({
    title: metaData.title,
    description: metaData.description,
    keywords: metaData.keywords,
    icon: token.icon_url,
  });

  const login = useMutation({
    // axios and the typed client load on submit, keeping them out of the first load of / (JS budget).
    mutationFn: async (vars: { companyId: string; user: string; password: string }) =>
      (await import('../api')).api.login(vars),
    onSuccess: (res) => {
      setAuthToken(res.data.token);
      toastSuccess(res.message);
      navigate('/user/dashboard', { replace: true });
    },
    onError: async (err) => {
      const { toastApiError, FALLBACK } = await import('../lib/toast');
      toastApiError(err, FALLBACK.login);
    },
  });

  // Nothing from @prelaunch/api is imported statically here: it would pull axios into the first load of /.
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    if (!companyId) {
      const { FALLBACK, MISSING_COMPANY_ID } = await import('../lib/toast');
      toastErrors([siteLoading ? FALLBACK.login : MISSING_COMPANY_ID]);
      return;
    }
    login.mutate({ companyId, user: email.trim(), password });
  }

  const pending = login.isPending;

  return (
    <div className="pl-page">
      <PublicHeader token={token} />
      <main className="container flex-grow-1 d-flex align-items-center py-4 py-lg-5">
        <div className="row w-100 g-4 g-lg-5 align-items-center mx-0">
          <section className="col-lg-6 d-none d-lg-block text-white">
            <span className="pl-chip mb-3">{token.symbol} · Private sale open</span>
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
            <div className="card pl-card border-0 shadow-lg mx-auto">
              <div className="card-body p-4 p-sm-5">
                <h2 className="h3 fw-bold mb-1">Welcome back</h2>
                <p className="text-body-secondary mb-4">Sign in to continue to your {token.name} account.</p>
                <form onSubmit={onSubmit} noValidate aria-label="Log in form">
                  <FormInput
                    label="Email"
                    type="email"
                    name="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    error={errors.email}
                  />
                  <FormInput
                    label="Password"
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    placeholder="Enter your password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    error={errors.password}
                    className="mb-2"
                  />
                  <div className="d-flex justify-content-end mb-4">
                    <Link to="/fogot-password" className="small">
                      Forgot password?
                    </Link>
                  </div>
                  <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={pending}>
                    <ButtonLabel pending={pending} idle="Log in" busy="Logging in..." />
                  </button>
                </form>
                <p className="text-center text-body-secondary mt-4 mb-0">
                  New here? <Link to="/register" className="fw-semibold">Create account</Link>
                </p>
              </div>
            </div>
          </section>
        </div>
      </main>
      <footer className="container pb-4 small pl-muted text-center">
        © {new Date().getFullYear()} {token.name}. All rights reserved.
      </footer>
    </div>
  );
}
