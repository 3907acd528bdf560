import { ButtonLabel, FormInput, toastErrors } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { usePasswordOtp, usePasswordUpdate } from '../api/account';
import { AUTH_MSG, validateReset } from '../validation';

/** Password change by emailed code: request code → code, current password, new password. */
export function ChangePassword() {
  const [codeSent, setCodeSent] = useState(false);
  const [otp, setOtp] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');

  const sendOtp = usePasswordOtp(() => setCodeSent(true));
  const update = usePasswordUpdate();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!current) return toastErrors([AUTH_MSG.fillAll]);
    const problem = validateReset({ otp, newPassword: next, confirmNewPassword: confirm });
    if (problem) return toastErrors([problem]);
    update.mutate({ otp: otp.trim(), password: current, newPassword: next });
  }

  return (
    <section className="pl-panel p-3 p-md-4">
      <h2 className="h5 fw-bold mb-1">Change Password</h2>
      <p className="small text-body-secondary">We email a verification code to your registered address.</p>
      {!codeSent ? (
        <button type="button" className="btn btn-outline-primary" onClick={() => sendOtp.mutate()} disabled={sendOtp.isPending}>
          <ButtonLabel pending={sendOtp.isPending} idle="Send Verification Code" busy="Sending..." />
        </button>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label="Change password form">
          <FormInput label="Verification Code" name="otp" inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(e) => setOtp(e.target.value)} />
          <FormInput label="Current Password" type="password" name="currentPassword" id="cp-current" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <FormInput label="New Password" type="password" name="newPassword" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <FormInput label="Confirm New Password" type="password" name="confirmNewPassword" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn pl-btn-gradient fw-semibold" disabled={update.isPending}>
              <ButtonLabel pending={update.isPending} idle="Update Password" busy="Updating..." />
            </button>
            <button type="button" className="btn btn-link" onClick={() => sendOtp.mutate()} disabled={sendOtp.isPending}>
              Resend Code
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
