import type { AdminPurchase } from '@prelaunch/api';
import { DialogFooter, dash, grouped, KycStatusBadge } from '@prelaunch/ui';
import { useState, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { rupees } from '../../../lib/money';
import { differenceText, paidDifference } from './PaidCheck';

/** The longest reason the server keeps (one line). */
export const REASON_MAX = 500;

/** A reason as one line: line breaks become spaces (the server refuses control characters). */
export const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ');

/**
 * The admin review shows the buyer's verification and KYC status: whether the account
 * is verified ("Verification Completed") and where its KYC stands.
 */
export function BuyerVerification({ user }: { user: Pick<NonNullable<AdminPurchase['user']>, 'isApproved' | 'kycStatus'> | null | undefined }) {
  if (!user) return <>--</>;
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-1">
      <span className={`badge ${user.isApproved ? 'text-bg-success' : 'text-bg-light border'}`}>
        {user.isApproved ? 'Verification Completed' : 'Not verified'}
      </span>
      <span className="small text-body-secondary ms-1">KYC</span>
      <KycStatusBadge status={user.kycStatus} />
    </span>
  );
}

/**
 * What the admin checks before deciding: the amount due with its fee
 * beside what the buyer says they paid, and the difference in red when the two differ.
 */
function PurchaseFacts({ purchase }: { purchase: AdminPurchase }) {
  const diff = paidDifference(purchase);
  const facts: [string, ReactNode][] = [
    ['Buyer', dash(purchase.user?.name)],
    ['Member ID', dash(purchase.user?.referralCode)],
    ['Order No.', dash(purchase.orderNumber)],
    ['Method', dash(purchase.paymentMethod)],
    ['Due (incl. fee)', rupees(purchase.finalAmount)],
    ['Buyer says paid', diff === null ? 'Not stated' : rupees(purchase.paidAmount)],
  ];
  if (diff !== null && diff !== 0) {
    facts.push(['Difference', <span key="d" className="text-danger" data-testid="review-difference">{differenceText(diff)}</span>]);
  }
  facts.push(
    ['Tokens', `${grouped(purchase.totalQuantity)} × ${rupees(purchase.price)} + fee ${rupees(purchase.fee)}`],
    ['Verification', <BuyerVerification key="v" user={purchase.user} />],
  );
  return (
    <dl className="row small mb-2 g-0">
      {facts.map(([label, value]) => (
        <div key={label} className={`${label === 'Verification' || label === 'Tokens' ? 'col-12' : 'col-6'} mb-2 pe-2`}>
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
 * The approve dialog shows 'Transaction No.:', a 'View Receipt' link, the receipt image and
 * Confirm; the reject dialog asks 'Are you sure you want to Reject?'. Both name the buyer, the order,
 * the method, the amount due beside what the buyer says they paid, and offer Cancel.
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
  /** With the reject dialog's reason (trimmed; empty when none was given). */
  onConfirm: (p: AdminPurchase, reason: string) => void;
}) {
  const titleId = `${mode}-title`;
  const [reason, setReason] = useState('');
  // Each purchase's dialog opens with an empty reason.
  const [shownId, setShownId] = useState(purchase?.id);
  if (shownId !== purchase?.id) {
    setShownId(purchase?.id);
    setReason('');
  }
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
          {mode === 'reject' ? <p className="text-danger fw-semibold">Are you sure you want to Reject?</p> : null}
          <PurchaseFacts purchase={purchase} />
          <p className="mb-2">
            <span className="fw-semibold">Transaction No.:</span>{' '}
            <span data-testid={`${mode}-ref`}>{dash(purchase.referenceNumber)}</span>
          </p>
          <Receipt purchase={purchase} />
          {mode === 'reject' ? (
            <div className="mt-3">
              <label htmlFor="reject-reason" className="form-label fw-semibold">
                Reason <span className="fw-normal text-body-secondary">(optional, shown to the buyer)</span>
              </label>
              <textarea
                id="reject-reason"
                className="form-control"
                rows={2}
                maxLength={REASON_MAX}
                value={reason}
                disabled={pending}
                placeholder="e.g. No payment with this UTR reached our account."
                aria-describedby="reject-reason-count"
                onChange={(e) => setReason(oneLine(e.target.value))}
              />
              <div id="reject-reason-count" className="form-text text-end">
                {reason.length}/{REASON_MAX}
              </div>
            </div>
          ) : null}
        </Modal.Body>
      ) : null}
      <DialogFooter
        action="Confirm"
        pending={pending}
        onCancel={onClose}
        onAction={() => purchase && onConfirm(purchase, mode === 'reject' ? reason.trim() : '')}
        variant={mode === 'approve' ? 'success' : 'danger'}
      />
    </Modal>
  );
}
