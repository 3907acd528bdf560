import { ADMIN_FALLBACK, canRetryCode, errorMessage } from '@prelaunch/api';
import { ButtonLabel, checkCode, OneTimeCodeInput, type CodeKind } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import { useAdminLoginTwoFactor } from '../api/session';

/**
 * The second sign-in step: the authenticator's 6-digit code, or a recovery code.
 * A wrong code stays here to be tried again; a challenge that is gone (5 minutes, used, 5 wrong
 * codes) goes back to the password with the server's reason.
 */
export function TwoFactorLoginForm({ challenge, onRestart }: { challenge: string; onRestart: (reason?: string) => void }) {
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useAdminLoginTwoFactor((err) => {
    const reason = errorMessage(err, ADMIN_FALLBACK.twoFactorLogin).join(' ');
    if (canRetryCode(err)) {
      setError(reason);
      setCode('');
    } else onRestart(reason);
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkCode(kind, code);
    setError(problem);
    if (!problem) verify.mutate({ challenge, code });
  }

  const pending = verify.isPending;
  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor sign-in">
      <p className="text-body-secondary mb-3">
        {kind === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows for this account.'
          : 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each works once.'}
      </p>
      <OneTimeCodeInput key={kind} kind={kind} value={code} onChange={setCode} error={error} disabled={pending} autoFocus className="mb-2" />
      <button
        type="button"
        className="btn btn-link btn-sm px-0 mb-4"
        disabled={pending}
        aria-pressed={kind === 'recovery'}
        onClick={() => {
          setKind((k) => (k === 'totp' ? 'recovery' : 'totp'));
          setCode('');
          setError(undefined);
        }}
      >
        {kind === 'totp' ? 'Use a recovery code' : 'Use the authenticator app code'}
      </button>
      <button type="submit" className="btn pl-btn-gradient btn-lg w-100 fw-semibold" disabled={pending}>
        <ButtonLabel pending={pending} idle="Verify" busy="Verifying..." />
      </button>
      <div className="text-center mt-3">
        <button type="button" className="btn btn-link btn-sm" disabled={pending} onClick={() => onRestart()}>
          Back to login
        </button>
      </div>
    </form>
  );
}
