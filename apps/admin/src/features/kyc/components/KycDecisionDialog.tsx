import type { AdminKyc } from '@prelaunch/api';
import { DialogFooter, documentType, dash, KycStatusBadge } from '@prelaunch/ui';
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { oneLine, REASON_MAX } from '../../purchases';
import { viewerDocuments } from './kycColumns';

/** The server's rule of a KYC rejection's reason: required, one line, at most 500 characters. */
export function validateKycReason(reason: string): string | null {
  const r = reason.trim();
  if (!r) return 'Please enter a reason for the rejection.';
  if (r.length > REASON_MAX) return `The reason must be at most ${REASON_MAX} characters.`;
  return null;
}

/**
 * Approve (the buyer becomes verified) or reject (with a reason the buyer reads) a KYC
 * submission, after seeing whose it is, the masked numbers and the documents.
 */
export function KycDecisionDialog({
  kyc,
  mode,
  pending,
  onClose,
  onConfirm,
}: {
  kyc: AdminKyc | null;
  mode: 'approve' | 'reject';
  pending: boolean;
  onClose: () => void;
  onConfirm: (kyc: AdminKyc, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownId, setShownId] = useState(kyc?.userId);
  if (shownId !== kyc?.userId) {
    setShownId(kyc?.userId);
    setReason('');
    setError(null);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!kyc) return;
    if (mode === 'reject') {
      const why = validateKycReason(reason);
      setError(why);
      if (why) return;
    }
    onConfirm(kyc, mode === 'reject' ? reason.trim() : '');
  }

  const titleId = `kyc-${mode}-title`;
  return (
    <Modal show={kyc !== null} onHide={pending ? undefined : onClose} centered aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate aria-label={mode === 'approve' ? 'Approve KYC' : 'Reject KYC'}>
        <Modal.Header closeButton={!pending}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {mode === 'approve' ? 'Approve KYC' : 'Reject KYC'}
            {kyc ? <span className="d-block small fw-normal text-body-secondary">{kyc.name}</span> : null}
          </Modal.Title>
        </Modal.Header>
        {kyc ? (
          <Modal.Body>
            <p className="text-danger fw-semibold">
              {mode === 'approve' ? 'Are you sure you want to Approve?' : 'Are you sure you want to Reject?'}
            </p>
            <dl className="row small mb-2 g-0">
              {(
                [
                  ['Buyer', kyc.name],
                  ['Member ID', dash(kyc.memberId)],
                  ['Email', kyc.email],
                  ['Mobile', kyc.mobile],
                  ['PAN', kyc.panNumber],
                  ['Aadhaar', kyc.aadhaarNumber],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="col-6 mb-2 pe-2">
                  <dt className="fw-normal text-body-secondary">{label}</dt>
                  <dd className="mb-0 fw-semibold text-break">{value}</dd>
                </div>
              ))}
              <div className="col-12 mb-2">
                <dt className="fw-normal text-body-secondary">Status</dt>
                <dd className="mb-0">
                  <KycStatusBadge status={kyc.status} />{' '}
                  <span className="small">{kyc.isApproved ? 'Verification Completed' : 'Not verified'}</span>
                </dd>
              </div>
            </dl>
            {kyc.sharedWith?.length ? (
              <div className="alert alert-warning small py-2" role="note" aria-label="Same Aadhaar number">
                <div className="fw-semibold">This Aadhaar number is also on {kyc.sharedWith.length === 1 ? 'another account' : 'other accounts'}:</div>
                <ul className="mb-0 ps-3">
                  {kyc.sharedWith.map((o) => (
                    <li key={o.userId} className="text-break">
                      {o.name || '—'} ({o.email})
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label="Documents">
              {viewerDocuments(kyc.documents).map((d) => (
                <li key={d.url}>
                  <a href={d.url} target="_blank" rel="noopener noreferrer" className="pl-kyc-doc-link" title={`Open ${d.label}`}>
                    {documentType(d) === 'image' ? <img src={d.url} alt={d.label} /> : <span className="pl-kyc-doc-pdf">PDF</span>}
                    <span className="small d-block text-center">{d.label}</span>
                  </a>
                </li>
              ))}
            </ul>
            {mode === 'reject' ? (
              <div className="mt-3">
                <label htmlFor="kyc-reject-reason" className="form-label fw-semibold">
                  Reason <span className="fw-normal text-body-secondary">(required, sent to the buyer)</span>
                </label>
                <textarea
                  id="kyc-reject-reason"
                  className={`form-control${error ? ' is-invalid' : ''}`}
                  rows={2}
                  maxLength={REASON_MAX}
                  value={reason}
                  disabled={pending}
                  placeholder="e.g. The PAN photo is blurred; upload a sharper one."
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'kyc-reject-reason-error' : 'kyc-reject-reason-count'}
                  onChange={(e) => {
                    setReason(oneLine(e.target.value));
                    if (error) setError(null);
                  }}
                />
                {error ? (
                  <div id="kyc-reject-reason-error" className="invalid-feedback">
                    {error}
                  </div>
                ) : (
                  <div id="kyc-reject-reason-count" className="form-text text-end">
                    {reason.length}/{REASON_MAX}
                  </div>
                )}
              </div>
            ) : null}
          </Modal.Body>
        ) : null}
        <DialogFooter action="Confirm" pending={pending} onCancel={onClose} variant={mode === 'approve' ? 'success' : 'danger'} />
      </form>
    </Modal>
  );
}
