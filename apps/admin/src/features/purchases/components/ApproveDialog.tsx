import type { AdminPurchase } from '@prelaunch/api';
import { ButtonLabel, dash } from '@prelaunch/ui';
import Modal from 'react-bootstrap/Modal';

/** SPEC §2: the approve dialog shows 'Transaction No.:', a 'View Receipt' link, the receipt image and Confirm. */
export function ApproveDialog({
  purchase,
  pending,
  onClose,
  onConfirm,
}: {
  purchase: AdminPurchase | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (p: AdminPurchase) => void;
}) {
  return (
    <Modal show={purchase !== null} onHide={pending ? undefined : onClose} centered aria-labelledby="approve-title">
      <Modal.Header closeButton={!pending}>
        <Modal.Title id="approve-title" as="h2" className="h5">
          Approve Purchase
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">
          <span className="fw-semibold">Transaction No.:</span> <span data-testid="approve-ref">{dash(purchase?.referenceNumber)}</span>
        </p>
        {purchase?.receipt?.url ? (
          <>
            <a href={purchase.receipt.url} target="_blank" rel="noreferrer" className="d-inline-block mb-2">
              View Receipt
            </a>
            <img
              src={purchase.receipt.url}
              alt="Payment receipt"
              className="img-fluid rounded border d-block"
              style={{ maxHeight: 360 }}
              onError={(e) => (e.currentTarget.style.display = 'none')}
            />
          </>
        ) : (
          <p className="text-body-secondary mb-0">No receipt uploaded.</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-success" disabled={pending} onClick={() => purchase && onConfirm(purchase)}>
          <ButtonLabel pending={pending} idle="Confirm" />
        </button>
      </Modal.Footer>
    </Modal>
  );
}
