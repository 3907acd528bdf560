import type { BulkAction } from '@prelaunch/api';
import { DialogFooter } from '@prelaunch/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

export interface BulkOutcome {
  key: string;
  /** The row as the admin knows it (order number, buyer name). */
  label: string;
  ok: boolean;
  message?: string;
}

export interface BulkDialogProps {
  show: boolean;
  action: BulkAction;
  /** What is selected, e.g. "purchases" or "KYC requests". */
  noun: string;
  count: number;
  /** The selection's figures (total INR, tokens), shown before the decision. */
  summary?: ReactNode;
  /** A rejection's reason: required (KYC) or optional (purchases); one reason for every row. */
  reason?: 'required' | 'optional';
  maxReason?: number;
  pending?: boolean;
  /** The server's answer, one outcome per row; the dialog then shows what was done. */
  outcomes?: BulkOutcome[] | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Approve selected / Reject selected: a summary of the selection (count and figures) and, for a
 * rejection, one reason for all; once the server has answered, what was decided and each row
 * that was not, with the reason (another admin decided it meanwhile, say).
 */
export function BulkDialog({ show, action, noun, count, summary, reason, maxReason = 500, pending, outcomes, onConfirm, onClose }: BulkDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const verb = action === 'approve' ? 'Approve' : 'Reject';
  const title = `${verb} ${count} selected ${noun}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    const r = text.trim();
    if (action === 'reject' && reason === 'required' && !r) {
      setError('Please enter a reason for the rejection.');
      return;
    }
    if (r.length > maxReason) {
      setError(`The reason must be at most ${maxReason} characters.`);
      return;
    }
    onConfirm(r);
  }

  const done = outcomes ? outcomes.filter((o) => o.ok).length : 0;
  const failed = outcomes ? outcomes.filter((o) => !o.ok) : [];
  return (
    <Modal show={show} onHide={pending ? undefined : onClose} centered aria-labelledby="bulk-title" backdrop={pending ? 'static' : true}>
      {outcomes ? (
        <>
          <Modal.Header closeButton>
            <Modal.Title id="bulk-title" as="h2" className="h5">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="fw-semibold" role="status">
              {action === 'approve' ? 'Approved' : 'Rejected'} {done} of {outcomes.length}.
            </p>
            {failed.length ? (
              <>
                <p className="mb-1">Not {action === 'approve' ? 'approved' : 'rejected'}:</p>
                <ul className="small mb-0">
                  {failed.map((o) => (
                    <li key={o.key}>
                      <span className="fw-semibold">{o.label}</span>: {o.message}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Close
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form onSubmit={submit} noValidate aria-label={title}>
          <Modal.Header closeButton={!pending}>
            <Modal.Title id="bulk-title" as="h2" className="h5">
              {title}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="text-danger mb-2">
              Are you sure you want to {action} these {count} {noun}?
            </p>
            {summary ? <div className="mb-3">{summary}</div> : null}
            {action === 'reject' ? (
              <div>
                <label htmlFor="bulk-reason" className="form-label">
                  Reason{reason === 'required' ? '' : ' (optional)'}, sent to every buyer
                </label>
                <textarea
                  id="bulk-reason"
                  className={`form-control ${error ? 'is-invalid' : ''}`}
                  rows={2}
                  maxLength={maxReason}
                  value={text}
                  aria-describedby={error ? 'bulk-reason-error' : undefined}
                  onChange={(e) => {
                    setText(e.target.value.replace(/[\r\n]+/g, ' '));
                    setError('');
                  }}
                />
                {error ? (
                  <div className="invalid-feedback" id="bulk-reason-error">
                    {error}
                  </div>
                ) : null}
              </div>
            ) : null}
          </Modal.Body>
          <DialogFooter action={title} variant={action === 'approve' ? 'success' : 'danger'} pending={pending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
}

/** The bar above a list with a selection: how many are selected, Approve selected, Reject selected, Clear. */
export function BulkBar({ count, onApprove, onReject, onClear }: { count: number; onApprove: () => void; onReject: () => void; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 rounded bg-body-tertiary" role="region" aria-label="Selected rows">
      <span className="me-auto small fw-semibold">{count} selected</span>
      <button type="button" className="btn btn-sm btn-success" onClick={onApprove}>
        Approve selected
      </button>
      <button type="button" className="btn btn-sm btn-danger" onClick={onReject}>
        Reject selected
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
