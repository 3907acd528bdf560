import { ADMIN_FALLBACK, errorMessage, type TwoFactorSetup } from '@prelaunch/api';
import { ButtonLabel, checkCode, CopyButton, FormInput, OneTimeCodeInput } from '@prelaunch/ui';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { useTwoFactorEnable } from '../api/security';

/** The base32 secret in groups of four, as authenticator apps show keys ("JBSW Y3DP …"). */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Two-factor set-up after 2fa/setup: scan the QR code (or type the key), then prove it with a
 * code; on success the recovery codes go to `onEnabled` (shown once by the page).
 */
export function SetupSteps({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [passwordError, setPasswordError] = useState<string>();
  const enable = useTwoFactorEnable({
    onDone: (res) => onEnabled(res.data.recoveryCodes),
    onFailed: (err) => {
      // Each message beside its field: the password's, or the code's.
      const msgs = errorMessage(err, ADMIN_FALLBACK.twoFactorEnable);
      const pw = msgs.filter((m) => /password/i.test(m));
      const rest = msgs.filter((m) => !/password/i.test(m));
      setPasswordError(pw.length ? pw.join(' ') : undefined);
      setError(rest.length ? rest.join(' ') : undefined);
      if (rest.length) setCode('');
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = checkCode('totp', code);
    const pwProblem = password ? undefined : 'Please enter your current password.';
    setError(problem);
    setPasswordError(pwProblem);
    if (!problem && !pwProblem) enable.mutate({ code, password });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Set up two-factor sign-in">
      <ol className="pl-steps ps-3 mb-0">
        <li className="mb-4">
          <h3 className="h6 fw-semibold">Scan this QR code with your authenticator app</h3>
          <p className="small text-body-secondary mb-2">
            Google Authenticator, Microsoft Authenticator, 1Password or any app that reads TOTP codes.
          </p>
          <div className="pl-qr d-inline-block p-2 bg-white border rounded">
            <QRCodeSVG value={setup.otpauthUrl} size={184} marginSize={2} title="QR code for your authenticator app" role="img" />
          </div>
        </li>
        <li className="mb-4">
          <h3 className="h6 fw-semibold">Or enter this key by hand</h3>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <code className="pl-secret fs-6 text-body" data-testid="totp-secret">
              {groupSecret(setup.secret)}
            </code>
            <CopyButton text={setup.secret} what="Set-up key">
              Copy key
            </CopyButton>
          </div>
          <p className="small text-body-secondary mt-2 mb-0">Time-based, 6 digits, every 30 seconds.</p>
        </li>
        <li>
          <h3 className="h6 fw-semibold">Enter the 6-digit code the app shows, and your password</h3>
          <div className="pl-code-field">
            <OneTimeCodeInput kind="totp" value={code} onChange={setCode} error={error} disabled={enable.isPending} />
          </div>
          <div className="pl-code-field">
            <FormInput
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError}
              hint="Turning two-factor on signs you out everywhere else."
              disabled={enable.isPending}
            />
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
              <ButtonLabel pending={enable.isPending} idle="Turn on two-factor" busy="Checking..." />
            </button>
            <button type="button" className="btn btn-outline-secondary" disabled={enable.isPending} onClick={onCancel}>
              Cancel
            </button>
          </div>
        </li>
      </ol>
    </form>
  );
}
