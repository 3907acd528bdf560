import type { Company } from '@prelaunch/api';
import { ConfirmDialog } from '@prelaunch/ui';
import { useState } from 'react';

/** The longest suspension reason the server keeps (company/update; one line). */
export const SUSPEND_REASON_MAX = 300;
export const REASON_REQUIRED = `A reason is required to suspend a company (at most ${SUSPEND_REASON_MAX} characters).`;

/** A reason as one line: line breaks and tabs become spaces (the server refuses control characters). */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ');

/** "1 pending payment", "3 open orders". */
function count(n: number, one: string, many: string) {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;
}

export interface SuspendDialogProps {
  show: boolean;
  company: Pick<Company, 'companyName' | 'tokenSymbol' | 'affected'>;
  pending: boolean;
  /** The server's 422 messages, shown under the field. */
  serverErrors?: string[];
  onClose: () => void;
  /** With the reason, trimmed, one line, 1 to SUSPEND_REASON_MAX characters. */
  onConfirm: (reason: string) => void;
}

/**
 * The super admin's Suspend question: what follows, how many pending payments and open orders the
 * suspension catches (company/get's `affected`), and the reason, required, which the company's
 * admins and buyers are shown.
 */
export function SuspendDialog({ show, company: c, pending, serverErrors = [], onClose, onConfirm }: SuspendDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  // Each opening starts empty (reset while rendering the change, not in an effect).
  const [wasShown, setWasShown] = useState(show);
  if (show !== wasShown) {
    setWasShown(show);
    if (show) {
      setReason('');
      setError(undefined);
    }
  }
  // A refusal stays beside the field until the reason is edited: typing answers it.
  const [editedSince, setEditedSince] = useState<string[]>();
  const shownServer = editedSince === serverErrors ? [] : serverErrors;
  const errors = error ? [error] : shownServer;
  const a = c.affected;
  return (
    <ConfirmDialog
      show={show}
      title="Suspend company"
      message={`Suspend ${c.companyName}? Its buyers can still sign in and see their records, but cannot buy or pay; its admins will be signed out.`}
      target={
        <span>
          {c.companyName} · {c.tokenSymbol}
        </span>
      }
      confirmLabel="Suspend"
      danger
      pending={pending}
      onClose={onClose}
      onConfirm={() => {
        const r = reason.trim();
        if (!r || r.length > SUSPEND_REASON_MAX) return setError(REASON_REQUIRED);
        setError(undefined);
        onConfirm(r);
      }}
    >
      {a ? (
        <p className="mt-3 mb-0" data-testid="suspend-affected">
          This affects {count(a.pendingPayments, 'pending payment', 'pending payments')} and {count(a.openOrders, 'open order', 'open orders')}:
          the pending payments wait, undecided, until it is reactivated; the open orders cannot be paid and expire as usual.
        </p>
      ) : null}
      <div className="mt-3">
        <label htmlFor="suspend-reason" className="form-label fw-semibold">
          Reason <span className="fw-normal text-body-secondary">(required, shown to the company's admins and buyers)</span>
        </label>
        <textarea
          id="suspend-reason"
          className={`form-control ${errors.length ? 'is-invalid' : ''}`}
          rows={2}
          maxLength={SUSPEND_REASON_MAX}
          value={reason}
          disabled={pending}
          aria-invalid={errors.length > 0}
          aria-describedby="suspend-reason-count suspend-reason-error"
          onChange={(e) => {
            setReason(oneLine(e.target.value));
            setError(undefined);
            setEditedSince(serverErrors);
          }}
        />
        <div id="suspend-reason-error" className="invalid-feedback d-block" role={errors.length ? 'alert' : undefined}>
          {errors.map((m) => (
            <div key={m}>{m}</div>
          ))}
        </div>
        <div id="suspend-reason-count" className="form-text text-end">
          {reason.length}/{SUSPEND_REASON_MAX}
        </div>
      </div>
    </ConfirmDialog>
  );
}
