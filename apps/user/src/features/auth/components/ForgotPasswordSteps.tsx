import { MISSING_COMPANY_ID } from '@prelaunch/api';
import { ButtonLabel, FormInput, toastErrors } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PublicShell, useSite } from '../../site';
import { useForgotPassword, useForgotPasswordOtp } from '../api/account';
import { AUTH_MSG, validateReset } from '../validation';

/** Forgot password (/fogot-password): REQ-OTP, then VERIFY-RESET. */
export function ForgotPasswordSteps() {
  const { companyId } = useSite();
  const [step, setStep] = useState<'REQ-OTP' | 'VERIFY-RESET'>('REQ-OTP');
  const [email, setEmail] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');

  const sendCode = useForgotPasswordOtp(() => setStep('VERIFY-RESET'));
  const reset = useForgotPassword();

  function onSend(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) return toastErrors([AUTH_MSG.enterEmail]);
    if (!companyId) return toastErrors([MISSING_COMPANY_ID]);
    sendCode.mutate({ companyId, user: email.trim() });
  }

  const problem = validateReset({ otp, newPassword, confirmNewPassword });

  function onReset(e: FormEvent) {
    e.preventDefault();
    if (problem) return toastErrors([problem]);
    if (!companyId) return toastErrors([MISSING_COMPANY_ID]);
    reset.mutate({ companyId, user: email.trim(), otp: otp.trim(), password: newPassword });
  }

  function restart() {
    setOtp('');
    setNewPassword('');
    setConfirmNewPassword('');
    setStep('REQ-OTP');
  }

  return (
    <PublicShell>
      {step === 'REQ-OTP' ? (
        <>
          <h1 className="h3 fw-bold mb-1">Forgot password</h1>
          <p className="text-body-secondary mb-4">Enter your registered email and we will send you a reset code.</p>
          <form onSubmit={onSend} noValidate aria-label="Request reset code form">
            <FormInput label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@example.com" />
            <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={sendCode.isPending}>
              <ButtonLabel pending={sendCode.isPending} idle="Send Reset Code" busy="Sending..." />
            </button>
          </form>
        </>
      ) : (
        <>
          <h1 className="h3 fw-bold mb-1">Reset password</h1>
          <p className="text-body-secondary mb-4">We sent a verification code to {email}.</p>
          <form onSubmit={onReset} noValidate aria-label="Reset password form">
            <FormInput label="Verification Code" name="otp" inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(e) => setOtp(e.target.value)} />
            <FormInput label="New Password" type="password" name="newPassword" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
            <FormInput
              label="Confirm New Password"
              type="password"
              name="confirmNewPassword"
              autoComplete="new-password"
              value={confirmNewPassword}
              onChange={(e) => setConfirmNewPassword(e.target.value)}
              error={newPassword && confirmNewPassword && newPassword !== confirmNewPassword ? AUTH_MSG.newPasswordsMismatch : undefined}
            />
            <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={Boolean(problem) || reset.isPending}>
              <ButtonLabel pending={reset.isPending} idle="Reset Password" busy="Resetting..." />
            </button>
          </form>
          <div className="text-center mt-3">
            <button type="button" className="btn btn-link" onClick={restart}>
              Resend Code or Change Email
            </button>
          </div>
        </>
      )}
      <p className="text-center mt-3 mb-0">
        <Link to="/" className="fw-semibold">Back to Login</Link>
      </p>
    </PublicShell>
  );
}
