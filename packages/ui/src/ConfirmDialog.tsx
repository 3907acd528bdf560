import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

export interface ConfirmDialogProps {
  show: boolean;
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  pending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}

/** A confirmation dialog: title, a red message, a Confirm button and a close mark (SPEC §2). */
export function ConfirmDialog({
  show,
  title = 'Confirmation',
  message,
  confirmLabel = 'Confirm',
  pending = false,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-danger mb-0">{message}</p>
        {children}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={pending}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
