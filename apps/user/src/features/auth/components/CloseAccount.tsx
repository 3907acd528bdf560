import { errorMessage, fieldErrors } from '@prelaunch/api';
import { DialogFooter, FormInput } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useAccountClose } from '../api/account';

export const CLOSE_MSG = {
  password: 'Please enter your current password.',
  fallback: 'Could not close your account. Please try again.',
} as const;

/**
 * What closing does, as docs/compliance.md says it: the person's details go at once; the records
 * the AML rules ask for are kept 5 years after the closing, then deleted.
 */
export function ClosingExplained() {
  return (
    <div className="small">
      <p className="mb-2">
        Closing cannot be undone. You are signed out everywhere and cannot sign in again with this email; you may register
        again later as a new buyer.
      </p>
      <h3 className="h6 fw-semibold mb-1">Removed at once</h3>
      <p className="mb-2">
        Your name, email, mobile number, password, date of birth, gender, PIN code, state, profile photo and the Aadhaar number
        in your profile.
      </p>
      <h3 className="h6 fw-semibold mb-1">Kept for 5 years, then deleted</h3>
      <p className="mb-2">
        Your purchases and their payments, your KYC record (PAN, the Aadhaar number&apos;s last 4 digits and your e-KYC
        details), your tax invoices and the log of actions on your account: anti-money-laundering rules ask for these
        records to be kept 5 years after an account closes.
      </p>
      <p className="mb-0">An order waiting for payment or for its payment&apos;s review must be finished or cancelled first.</p>
    </div>
  );
}

/** The dialog that closes the account: what happens, the current password, Close my account. */
export function CloseAccountDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [local, setLocal] = useState('');
  const close = useAccountClose();
  const named = fieldErrors(close.error);
  const passwordError = local || named.password;
  const general = close.error && !named.password ? errorMessage(close.error, CLOSE_MSG.fallback).join(' ') : '';

  function hide() {
    if (close.isPending) return;
    setPassword('');
    setLocal('');
    close.reset();
    onClose();
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!password) return setLocal(CLOSE_MSG.password);
    setLocal('');
    close.mutate({ password });
  }

  return (
    <Modal show={show} onHide={hide} centered scrollable aria-labelledby="close-account-title">
      <form onSubmit={onSubmit} noValidate aria-label="Close my account">
        <Modal.Header closeButton={!close.isPending}>
          <Modal.Title id="close-account-title" as="h2" className="h5">
            Close your account?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ClosingExplained />
          <FormInput
            className="mt-3 mb-0"
            label="Current password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
          />
          {general ? (
            <div className="alert alert-danger small mt-3 mb-0" role="alert" data-testid="close-account-error">
              {general}
            </div>
          ) : null}
        </Modal.Body>
        <DialogFooter action="Close my account" busy="Closing..." pending={close.isPending} onCancel={hide} variant="danger" />
      </form>
    </Modal>
  );
}

/** Profile's "Close my account" section. */
export function CloseAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section className="pl-panel p-3 p-md-4 mt-4" aria-labelledby="close-account-heading">
      <h2 id="close-account-heading" className="h5 fw-bold mb-1">Close my account</h2>
      <p className="small text-body-secondary">
        Your personal details are removed at once; your purchase and KYC records are kept for 5 years, as anti-money-laundering rules ask.
      </p>
      <button type="button" className="btn btn-outline-danger" onClick={() => setOpen(true)}>
        Close my account
      </button>
      <CloseAccountDialog show={open} onClose={() => setOpen(false)} />
    </section>
  );
}
