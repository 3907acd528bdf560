import { ButtonLabel, FormInput, toastSuccess, useDocumentMeta } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { superApi } from '../api';
import { ADMIN_FALLBACK, reportError } from '../state/errors';
import { startAdminSession } from '../state/session';
import { useSite } from '../state/site';

/** SPEC §9: the resend countdown runs 2 minutes 59 seconds. */
export const RESEND_SECONDS = 179;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function mmss(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** SPEC §2/§4 super admin OTP login. Any error returns the form to the email step. */
export default function SuperAdminLogin() {
  const navigate = useNavigate();
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | Super Admin`, icon: site.icon });
  const [step, setStep] = useState<'email' | 'otp'>('email');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<{ email?: string; otp?: string }>({});
  const [left, setLeft] = useState(RESEND_SECONDS);

  useEffect(() => {
    if (step !== 'otp') return;
    const t = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(t);
  }, [step]);
  useEffect(() => {
    if (step === 'otp' && left <= 0) backToEmail();
  }, [left, step]);

  function backToEmail() {
    setStep('email');
    setOtp('');
    setLeft(RESEND_SECONDS);
  }

  const request = useMutation({
    mutationFn: (e: string) => superApi.requestOtp(e),
    onSuccess: (res) => {
      toastSuccess(res.message);
      setLeft(RESEND_SECONDS);
      setStep('otp');
    },
    onError: (err) => {
      reportError(err, ADMIN_FALLBACK.otp);
      backToEmail();
    },
  });
  const verify = useMutation({
    mutationFn: (body: { email: string; otp: string }) => superApi.verifyOtp(body),
    onSuccess: (res) => {
      startAdminSession(res.data.token);
      toastSuccess(res.message);
      navigate('/superadmin/dashboard', { replace: true });
    },
    onError: (err) => {
      reportError(err, ADMIN_FALLBACK.verify);
      backToEmail();
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (step === 'email') {
      const v = email.trim();
      if (!v) return setError({ email: 'Email is required.' });
      if (!EMAIL_RE.test(v)) return setError({ email: 'Enter a valid email address.' });
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
    <div className="pl-page">
      <main className="container flex-grow-1 d-flex align-items-center justify-content-center py-4 py-sm-5">
        <div className="w-100" style={{ maxWidth: 460 }}>
          <div className="pl-banner d-flex align-items-center gap-3 mb-4 p-3 rounded-4 text-white">
            <img src={site.icon} alt="" width={48} height={48} className="rounded-circle flex-shrink-0" />
            <div className="min-w-0">
              <div className="fw-bold fs-5 text-truncate">{site.name}</div>
              <div className="pl-eyebrow">PRE-LAUNCH PROGRAM</div>
            </div>
          </div>
          <div className="card pl-card border-0 shadow-lg mx-auto">
            <div className="card-body p-4 p-sm-5">
              <h1 className="h3 fw-bold mb-4">Super Admin</h1>
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
            </div>
          </div>
        </div>
      </main>
    </div>
  );
}
