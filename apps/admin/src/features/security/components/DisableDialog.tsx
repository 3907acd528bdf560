import { ADMIN_FALLBACK, errorMessage } from '@prelaunch/api';
import { checkCode, DialogFooter, FormInput, OneTimeCodeInput, type CodeKind } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTwoFactorDisable } from '../api/security';

/**
 * Turning two-factor sign-in off: a current code (or an unused recovery code) and the password,
 * in a dialog that says what it does; Cancel leaves it on.
 */
export function DisableDialog({ email, required, onClose }: { email?: string; required: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<CodeKind>('totp');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; server?: string }>({});
  const disable = useTwoFactorDisable({
    onDone: onClose,
    onFailed: (err) => setErrors({ server: errorMessage(err, ADMIN_FALLBACK.twoFactorDisable).join(' ') }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = { code: checkCode(kind, code), password: password ? undefined : 'Please enter your current password.' };
    setErrors(found);
    if (!found.code && !found.password) disable.mutate({ code, password });
  }

  const pending = disable.isPending;
  return (
    <Modal show onHide={pending ? undefined : onClose} centered aria-labelledby="disable-2fa-title">
      <form onSubmit={submit} noValidate aria-label="Turn off two-factor sign-in">
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="disable-2fa-title" as="h2" className="h5">
            Turn off two-factor sign-in?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-danger fw-semibold mb-2">
            {email ? <>{email} will </> : 'You will '}sign in with the password alone, and the recovery codes stop working.
          </p>
          {required ? (
            <p className="small mb-3">
              Your company requires two-factor sign-in: until you turn it on again, only this page stays open.
            </p>
          ) : null}
          {errors.server ? (
            <div className="alert alert-danger py-2" role="alert">
              {errors.server}
            </div>
          ) : null}
          <OneTimeCodeInput
            kind={kind}
            value={code}
            onChange={setCode}
            error={errors.code}
            disabled={pending}
            autoFocus
            className="mb-1"
          />
          <button
            type="button"
            className="btn btn-link btn-sm px-0 mb-3"
            disabled={pending}
            onClick={() => {
              setKind((k) => (k === 'totp' ? 'recovery' : 'totp'));
              setCode('');
              setErrors({});
            }}
          >
            {kind === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app code'}
          </button>
          <FormInput
            label="Current password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            disabled={pending}
            className="mb-0"
          />
        </Modal.Body>
        <DialogFooter action="Turn off" busy="Turning off..." pending={pending} onCancel={onClose} variant="danger" />
      </form>
    </Modal>
  );
}
