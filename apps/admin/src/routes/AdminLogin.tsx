import { errorMessage, FALLBACK } from '@prelaunch/api';
import { ButtonLabel, FormInput, toastErrors, toastSuccess, useDocumentMeta } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../api';
import { useSite } from '../state/site';
import { startAdminSession } from '../state/session';

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

/** SPEC §2 "Admin Login (/admin/login)". */
export default function AdminLogin() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const site = useSite();
  // SPEC §2: the token's title followed by ' | Login', with its description, keywords and icon.
  useDocumentMeta({ title: `${site.title} | Login`, description: site.description, keywords: site.keywords, icon: site.icon });

  const login = useMutation({
    mutationFn: (vars: { email: string; password: string }) => api.login(vars),
    onSuccess: (res) => {
      startAdminSession(res.data.token);
      toastSuccess(res.message);
      navigate('/admin/dashboard', { replace: true });
    },
    onError: (err) => {
      console.error(err);
      toastErrors(errorMessage(err, FALLBACK.login));
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    login.mutate({ email: email.trim(), password });
  }

  const pending = login.isPending;

  return (
    <div className="pl-page">
      <main className="container flex-grow-1 d-flex align-items-center justify-content-center py-4 py-sm-5">
        <div className="w-100" style={{ maxWidth: 460 }}>
          <div className="pl-banner d-flex align-items-center gap-3 mb-4 p-3 rounded-4 text-white">
            <img src={site.icon} alt="" width={48} height={48} className="rounded-circle flex-shrink-0" />
            <div className="min-w-0">
              <div className="fw-bold fs-5 text-truncate" data-testid="product-name">
                {site.name}
              </div>
              <div className="pl-eyebrow">PRE-LAUNCH PROGRAM</div>
            </div>
          </div>
          <div className="card pl-card border-0 shadow-lg mx-auto">
            <div className="card-body p-4 p-sm-5">
              <h1 className="h3 fw-bold mb-1">Admin Login</h1>
              <p className="text-body-secondary mb-4">Manage users, purchases and payment details.</p>
              <form onSubmit={onSubmit} noValidate aria-label="Admin login form">
                <FormInput
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="username"
                  placeholder="Enter Registered Email Id"
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
                  className="mb-4"
                />
                <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={pending}>
                  <ButtonLabel pending={pending} idle="Login" />
                </button>
              </form>
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
