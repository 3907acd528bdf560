import type { ReconcileLine, ReconcilePurchase } from '@prelaunch/api';
import { ConfirmDialog, rupees } from '@prelaunch/ui';
import { useState } from 'react';
import { oneLine, REASON_MAX, useRejectPurchase } from '../../purchases';

/** Whole paise of an amount the server sends with at most 2 decimals (no float arithmetic on money). */
const paise = (v: number) => Math.round(Number(v) * 100);

/**
 * The reason a mismatched credit prefills (the admin may edit it; the buyer reads it):
 * "Payment short by ₹9.00: ₹501.00 reached our account against ₹510.00 due." or "over by".
 */
export function mismatchReason(credit: number, due: number): string {
  const diff = paise(credit) - paise(due);
  const what = diff < 0 ? 'short' : 'over';
  return `Payment ${what} by ${rupees(Math.abs(diff) / 100)}: ${rupees(credit)} reached our account against ${rupees(due)} due.`;
}

/** Whether a line offers "Reject": an amount mismatch whose purchase still waits for review. */
export function canRejectLine(line: ReconcileLine): line is ReconcileLine & { purchase: ReconcilePurchase } {
  return line.matchStatus === 'AMOUNT_MISMATCH' && line.purchase?.status === 'PENDING';
}

/** Rejects the purchase of an amount-mismatch line, with the difference as the prefilled reason. */
export function RejectMismatchDialog({ line, onClose }: { line: (ReconcileLine & { purchase: ReconcilePurchase }) | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<number | null>(null);
  const lineNo = line?.lineNo ?? null;
  if (shown !== lineNo) {
    setShown(lineNo);
    setReason(line ? mismatchReason(line.credit ?? 0, line.purchase.finalAmount) : '');
  }
  const reject = useRejectPurchase({ onDone: onClose });
  const p = line?.purchase;
  return (
    <ConfirmDialog
      show={line !== null}
      title="Reject Purchase"
      message="Are you sure you want to Reject?"
      target={
        p ? (
          <span className="text-break">
            {p.orderNumber} · {p.user.name} · due {rupees(p.finalAmount)}, credited {rupees(line?.credit)}
          </span>
        ) : null
      }
      confirmLabel="Reject"
      danger
      pending={reject.isPending}
      onConfirm={() => p && reject.mutate({ id: p.id, reason: reason.trim() || undefined })}
      onClose={onClose}
    >
      <div className="mt-3">
        <label htmlFor="mismatch-reason" className="form-label fw-semibold">
          Reason <span className="fw-normal text-body-secondary">(shown to the buyer)</span>
        </label>
        <textarea
          id="mismatch-reason"
          className="form-control"
          rows={3}
          maxLength={REASON_MAX}
          value={reason}
          disabled={reject.isPending}
          onChange={(e) => setReason(oneLine(e.target.value))}
        />
      </div>
    </ConfirmDialog>
  );
}
