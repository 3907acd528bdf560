import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { ButtonLabel } from './ButtonLabel';

export interface DialogFooterProps {
  /** The action's label, e.g. "Add", "Update", "Confirm". */
  action: ReactNode;
  /** Shown on the action while the request is in flight (ButtonLabel's default otherwise). */
  busy?: string;
  pending?: boolean;
  onCancel: () => void;
  /** Without it the action submits its form; with it, it is a plain button calling this. */
  onAction?: () => void;
  /** The action's Bootstrap variant: primary, danger, success. */
  variant?: 'primary' | 'danger' | 'success';
}

/**
 * Every dialog's footer: Cancel beside the action, both disabled while the
 * request is in flight.
 */
export function DialogFooter({ action, busy, pending = false, onCancel, onAction, variant = 'primary' }: DialogFooterProps) {
  return (
    <Modal.Footer>
      <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={onCancel}>
        Cancel
      </button>
      <button type={onAction ? 'button' : 'submit'} className={`btn btn-${variant}`} disabled={pending} onClick={onAction}>
        <ButtonLabel pending={pending} idle={action} busy={busy} />
      </button>
    </Modal.Footer>
  );
}

export interface ConfirmDialogProps {
  show: boolean;
  title?: ReactNode;
  /** The question (the spec's message, in red). */
  message: ReactNode;
  /** What the action acts on (every confirmation names its target). */
  target?: ReactNode;
  confirmLabel?: ReactNode;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/**
 * A confirmation: the title, the question in red, its target, Cancel and Confirm. Neither button
 * nor the close mark works while the request is in flight.
 */
export function ConfirmDialog({
  show,
  title = 'Confirmation',
  message,
  target,
  confirmLabel = 'Confirm',
  pending = false,
  danger = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-danger fw-semibold mb-2">{message}</p>
        {target ? <div className="mb-0">{target}</div> : null}
        {children}
      </Modal.Body>
      <DialogFooter action={confirmLabel} pending={pending} onCancel={onClose} onAction={onConfirm} variant={danger ? 'danger' : 'primary'} />
    </Modal>
  );
}
