import { ButtonLabel, EMAIL_PATTERN, FormInput, mmss } from '@prelaunch/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useRequestSuperAdminOtp, useVerifySuperAdminOtp } from '../api/session';

/** The resend countdown runs 2 minutes 59 seconds. */
export const RESEND_SECONDS = 179;

/** Super admin OTP login: email, then OTP. Any error returns the form to the email step. */
export function OtpLoginForm() {
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<{ email?: string; otp?: string }>({});
  const [left, setLeft] = useState(RESEND_SECONDS);

  function backToEmail() {
    setStep('email');
    setOtp('');
    setLeft(RESEND_SECONDS);
  }

  useEffect(() => {
    if (step !== 'otp') return;
    const t = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(t);
  }, [step]);
  // The countdown ran out: back to the email step.
  if (step === 'otp' && left <= 0) backToEmail();

  const request = useRequestSuperAdminOtp(() => {
    setLeft(RESEND_SECONDS);
    setStep('otp');
  }, backToEmail);
  const verify = useVerifySuperAdminOtp(backToEmail);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step === 'email') {
      const v = email.trim();
      if (!v) return setError({ email: 'Email is required.' });
      if (!EMAIL_PATTERN.test(v)) return setError({ email: 'Enter a valid email address.' });
      setError({});
      request.mutate(v);
    } else {
      if (!otp) return setError({ otp: 'OTP is required.' });
      if (!/^\d+$/.test(otp)) return setError({ otp: 'OTP must be numeric.' });
      setError({});
      verify.mutate({ email: email.trim(), otp });
    }
  }

  const pending = request.isPending || verify.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Super admin login form">
      <FormInput
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        placeholder="Enter Registered Email Id"
        value={email}
        readOnly={step === 'otp'}
        onChange={(e) => setEmail(e.target.value)}
        error={error.email}
      />
      {step === 'otp' ? (
        <>
          <FormInput
            label="OTP"
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="Enter OTP"
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            error={error.otp}
            autoFocus
          />
          <div className="d-flex align-items-center justify-content-between mb-4 small">
            <button type="button" className="btn btn-link p-0" onClick={backToEmail} disabled={pending}>
              Resend OTP
            </button>
            <span className="text-body-secondary" aria-live="off" data-testid="otp-countdown">
              {mmss(left)}
            </span>
          </div>
        </>
      ) : null}
      <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={pending}>
        <ButtonLabel pending={pending} idle={step === 'email' ? 'Get OTP' : 'Login'} />
      </button>
    </form>
  );
}
