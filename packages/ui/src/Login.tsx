import { useState, type FormEvent, type ReactNode } from 'react';
import { ButtonLabel } from './ButtonLabel';
import { FormInput } from './FormInput';

/** The card every sign-in screen sits in (buyer, admin and super admin login). */
export function LoginCard({
  heading,
  as: Heading = 'h1',
  subtitle,
  children,
  footer,
}: {
  heading: ReactNode;
  /** The buyer login's page heading is the marketing text beside the card, so its card title is an h2. */
  as?: 'h1' | 'h2';
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="card pl-card border-0 shadow-lg mx-auto">
      <div className="card-body p-4 p-sm-5">
        <Heading className={`h3 fw-bold ${subtitle ? 'mb-1' : 'mb-4'}`}>{heading}</Heading>
        {subtitle ? <p className="text-body-secondary mb-4">{subtitle}</p> : null}
        {children}
        {footer}
      </div>
    </div>
  );
}

/** The token banner above the admin and super admin login cards. */
export function BrandBanner({ name, icon }: { name: ReactNode; icon: string }) {
  return (
    <div className="pl-banner d-flex align-items-center gap-3 mb-4 p-3 rounded-4 text-white">
      <img src={icon} alt="" width={48} height={48} className="rounded-circle flex-shrink-0" />
      <div className="min-w-0">
        <div className="fw-bold fs-5 text-truncate" data-testid="product-name">
          {name}
        </div>
        <div className="pl-eyebrow">PRE-LAUNCH PROGRAM</div>
      </div>
    </div>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginErrors {
  email?: string;
  password?: string;
}

/** Email and password required (user and admin login). */
export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL_PATTERN.test(email.trim())) errors.email = 'Enter a valid email address.';
  if (!password) errors.password = 'Password is required.';
  return errors;
}

export interface LoginFormProps {
  /** The form's accessible name. */
  label: string;
  emailPlaceholder: string;
  emailAutoComplete: string;
  pending: boolean;
  /** The submit button's text, and its text while pending. */
  submit: string;
  busy?: string;
  /** Shown between the password field and the button (the buyer's forgot-password link). */
  extra?: ReactNode;
  /** The email to start with (a buyer who has just registered). */
  initialEmail?: string;
  /** Called with the trimmed email and the password once both are present. */
  onLogin: (email: string, password: string) => void;
}

/** Email and password with the shared validation, and a submit button that shows when it is busy. */
export function LoginForm({ label, emailPlaceholder, emailAutoComplete, pending, submit, busy, extra, initialEmail, onLogin }: LoginFormProps) {
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    onLogin(email.trim(), password);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <FormInput
        label="Email"
        type="email"
        name="email"
        autoComplete={emailAutoComplete}
        placeholder={emailPlaceholder}
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
        className={extra ? 'mb-2' : 'mb-4'}
      />
      {extra}
      <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={pending}>
        <ButtonLabel pending={pending} idle={submit} busy={busy} />
      </button>
    </form>
  );
}
