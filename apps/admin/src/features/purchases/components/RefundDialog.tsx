import type { AdminPurchase } from '@prelaunch/api';
import { DialogFooter, dash, FormInput } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { rupees } from '../../../lib/money';
import { buyerBankAccountQueryOptions } from '../api/purchases';
import { BuyerVerification, oneLine } from './ApproveDialog';

/** The refund reference, one line of 1..100 characters. */
export const REFUND_REFERENCE_MAX = 100;

export function validateRefundReference(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Please enter the refund reference.';
  if (v.length > REFUND_REFERENCE_MAX) return `The refund reference must be at most ${REFUND_REFERENCE_MAX} characters.`;
  return null;
}

/** Where the refund goes: the buyer's verified bank account (only its last 4 digits), or why none. */
export function RefundAccount({ userId }: { userId: string }) {
  const account = useQuery(buyerBankAccountQueryOptions(userId));
  if (account.isPending) return <span className="text-body-secondary">Loading the bank account...</span>;
  if (account.isError) return <span className="text-danger">The bank account could not be loaded.</span>;
  const a = account.data;
  if (!a) return <span className="text-body-secondary">No verified bank account: ask the buyer to add one under Verification.</span>;
  return (
    <span data-testid="refund-account" className="d-block">
      <span className="d-block fw-semibold">
        {a.bankName} · {a.ifsc} · <span className="font-monospace">{a.accountMasked}</span>
      </span>
      <span className="d-block">
        Holder: {a.holderName}
        {a.nameMatches ? null : <span className="badge text-bg-warning ms-2">Name differs from the buyer's ({a.comparedName})</span>}
      </span>
    </span>
  );
}

/**
 * Refund: a REJECTED purchase's money went back to the buyer; the admin records the
 * bank's reference of that transfer and confirms (REJECTED → REFUNDED, the buyer is emailed).
 */
export function RefundDialog({
  purchase,
  pending,
  onClose,
  onConfirm,
}: {
  purchase: AdminPurchase | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (p: AdminPurchase, refundReference: string) => void;
}) {
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownId, setShownId] = useState(purchase?.id);
  if (shownId !== purchase?.id) {
    setShownId(purchase?.id);
    setReference('');
    setError(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!purchase) return;
    const why = validateRefundReference(reference);
    setError(why);
    if (!why) onConfirm(purchase, reference.trim());
  }

  const facts: [string, string][] = purchase
    ? [
        ['Buyer', dash(purchase.user?.name)],
        ['Member ID', dash(purchase.user?.referralCode)],
        ['Order No.', dash(purchase.orderNumber)],
        ['UTR', dash(purchase.referenceNumber)],
        ['Amount paid', rupees(purchase.finalAmount)],
        ['Rejection reason', purchase.rejectReason || 'No reason given.'],
      ]
    : [];
  return (
    <Modal show={purchase !== null} onHide={pending ? undefined : onClose} centered aria-labelledby="refund-title">
      <form onSubmit={submit} noValidate aria-label="Refund">
        <Modal.Header closeButton={!pending}>
          <Modal.Title id="refund-title" as="h2" className="h5">
            Refund Purchase
            {purchase ? <span className="d-block small fw-normal text-body-secondary">{dash(purchase.orderNumber)}</span> : null}
          </Modal.Title>
        </Modal.Header>
        {purchase ? (
          <Modal.Body>
            <p className="text-danger fw-semibold">Record that this payment was returned to the buyer?</p>
            <dl className="row small mb-2 g-0">
              {facts.map(([label, value]) => (
                <div key={label} className={`${label === 'Rejection reason' ? 'col-12' : 'col-6'} mb-2 pe-2`}>
                  <dt className="fw-normal text-body-secondary">{label}</dt>
                  <dd className="mb-0 fw-semibold text-break">{value}</dd>
                </div>
              ))}
              <div className="col-12 mb-2">
                <dt className="fw-normal text-body-secondary">Refund to</dt>
                <dd className="mb-0">
                  <RefundAccount userId={purchase.user?.id ?? ''} />
                </dd>
              </div>
              <div className="col-12 mb-2">
                <dt className="fw-normal text-body-secondary">Verification</dt>
                <dd className="mb-0">
                  <BuyerVerification user={purchase.user} />
                </dd>
              </div>
            </dl>
            <FormInput
              id="refund-reference"
              label="Refund reference"
              hint="The bank's reference of the money sent back; the buyer sees it."
              value={reference}
              maxLength={REFUND_REFERENCE_MAX}
              autoComplete="off"
              disabled={pending}
              error={error ?? undefined}
              onChange={(e) => {
                setReference(oneLine(e.target.value));
                if (error) setError(null);
              }}
              className="mb-0"
            />
          </Modal.Body>
        ) : null}
        <DialogFooter action="Confirm refund" busy="Saving..." pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
