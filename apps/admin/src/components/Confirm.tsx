import { ButtonLabel } from '@prelaunch/ui';
import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

/**
 * A confirmation that names its target (DESIGN §16): the spec's question in red, what it acts on,
 * Cancel and Confirm. Neither button nor the close mark works while the request is in flight.
 */
export function Confirm({
  show,
  title = 'Confirmation',
  message,
  target,
  pending = false,
  danger = false,
  onConfirm,
  onClose,
}: {
  show: boolean;
  title?: string;
  message: string;
  target?: ReactNode;
  pending?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
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
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" disabled={pending} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={pending} onClick={onConfirm}>
          <ButtonLabel pending={pending} idle="Confirm" />
        </button>
      </Modal.Footer>
    </Modal>
  );
}
