import type { AdminPurchase } from '@prelaunch/api';
import { DialogFooter, dash, grouped } from '@prelaunch/ui';
import Modal from 'react-bootstrap/Modal';
import { rupees } from '../../../lib/money';

/** What the admin checks before deciding (DESIGN §16 "Admin review"). */
function PurchaseFacts({ purchase }: { purchase: AdminPurchase }) {
  const facts: [string, string][] = [
    ['Buyer', dash(purchase.user?.name)],
    ['Member ID', dash(purchase.user?.referralCode)],
    ['Order No.', dash(purchase.orderNumber)],
    ['Method', dash(purchase.paymentMethod)],
    ['Amount due', rupees(purchase.finalAmount)],
    ['Amount entered', rupees(purchase.enteredAmount)],
  ];
  // Whole tokens only (DESIGN §16): when part of the typed figure bought no whole token, the
  // order charges less: show what its tokens cost beside the two.
  if (Number(purchase.enteredAmount) !== Number(purchase.amount)) {
    facts.push(['Amount charged', `${rupees(purchase.amount)} (${grouped(purchase.totalQuantity)} × ${rupees(purchase.price)})`]);
  }
  return (
    <dl className="row small mb-2 g-0">
      {facts.map(([label, value]) => (
        <div key={label} className="col-6 mb-2 pe-2">
          <dt className="fw-normal text-body-secondary">{label}</dt>
          <dd className="mb-0 fw-semibold text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Receipt({ purchase }: { purchase: AdminPurchase }) {
  if (!purchase.receipt?.url) return <p className="text-body-secondary mb-0">No receipt uploaded.</p>;
  return (
    <>
      <a href={purchase.receipt.url} target="_blank" rel="noreferrer" className="d-inline-block mb-2">
        View Receipt
      </a>
      <img
        src={purchase.receipt.url}
        alt="Payment receipt"
        className="img-fluid rounded border d-block"
        style={{ maxHeight: 320 }}
        onError={(e) => (e.currentTarget.style.display = 'none')}
      />
    </>
  );
}

/**
 * SPEC §2: the approve dialog shows 'Transaction No.:', a 'View Receipt' link, the receipt image and
 * Confirm; the reject dialog asks 'Aye you sure, you want to Reject?'. Both name the buyer, the order,
 * the method and the amounts (due and entered) and offer Cancel (DESIGN §16).
 */
export function PurchaseReviewDialog({
  purchase,
  mode,
  pending,
  onClose,
  onConfirm,
}: {
  purchase: AdminPurchase | null;
  mode: 'approve' | 'reject';
  pending: boolean;
  onClose: () => void;
  onConfirm: (p: AdminPurchase) => void;
}) {
  const titleId = `${mode}-title`;
  return (
    <Modal show={purchase !== null} onHide={pending ? undefined : onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!pending}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {mode === 'approve' ? 'Approve Purchase' : 'Reject Purchase'}
          {purchase ? <span className="d-block small fw-normal text-body-secondary">{dash(purchase.orderNumber)}</span> : null}
        </Modal.Title>
      </Modal.Header>
      {purchase ? (
        <Modal.Body>
          {mode === 'reject' ? <p className="text-danger fw-semibold">Aye you sure, you want to Reject?</p> : null}
          <PurchaseFacts purchase={purchase} />
          <p className="mb-2">
            <span className="fw-semibold">Transaction No.:</span>{' '}
            <span data-testid={`${mode}-ref`}>{dash(purchase.referenceNumber)}</span>
          </p>
          <Receipt purchase={purchase} />
        </Modal.Body>
      ) : null}
      <DialogFooter
        action="Confirm"
        pending={pending}
        onCancel={onClose}
        onAction={() => purchase && onConfirm(purchase)}
        variant={mode === 'approve' ? 'success' : 'danger'}
      />
    </Modal>
  );
}
