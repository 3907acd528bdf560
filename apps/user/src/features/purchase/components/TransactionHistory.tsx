import type { BuyerTransaction } from '@prelaunch/api';
import { ButtonLabel, formatDate, formatTime, rupees, serial as serialNumber, StatusBadge, type Column } from '@prelaunch/ui';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../../../components/Icon';
import type { ReceiptDownload } from '../api/purchase';
import { displayAmount, displayTransactionId } from '../calc';
import { ContinuePaymentLink } from './OpenOrders';

const reasonOf = (row: BuyerTransaction) => (row.status === 'REJECTED' || row.status === 'REFUNDED' ? row.rejectReason : null);
const refundOf = (row: BuyerTransaction) => (row.status === 'REFUNDED' ? row.refundReference : null);

/** Whether a purchase has a rejection reason or a refund reference to show. */
export const hasDecisionNote = (row: BuyerTransaction) => Boolean(reasonOf(row) || refundOf(row));

/** Why a purchase was rejected, and the refund's reference once it is refunded. */
export function DecisionNote({ row }: { row: BuyerTransaction }) {
  const reason = reasonOf(row);
  const refund = refundOf(row);
  if (!reason && !refund) return null;
  return (
    <span className="pl-decision-note small d-block">
      {reason ? (
        <span className="d-block" data-testid="reject-reason">
          <span className="fw-semibold">Reason:</span> {reason}
        </span>
      ) : null}
      {refund ? (
        <span className="d-block" data-testid="refund-reference">
          <span className="fw-semibold">Refund ref.:</span> <span className="font-monospace">{refund}</span>
          {row.refundedAt ? <span className="text-body-secondary"> · {formatDate(row.refundedAt)}</span> : null}
        </span>
      ) : null}
    </span>
  );
}

/** Download receipt: the PDF of an APPROVED purchase. */
export function ReceiptButton({ row, receipts, compact = false }: { row: BuyerTransaction; receipts: ReceiptDownload; compact?: boolean }) {
  if (row.status !== 'APPROVED') return null;
  const busy = receipts.pendingId === row.id;
  return (
    <button
      type="button"
      className={`btn btn-sm ${compact ? 'btn-outline-success' : 'btn-success'} text-nowrap`}
      disabled={busy}
      aria-label={compact ? `Download receipt of ${row.orderNumber}` : undefined}
      onClick={() => receipts.download(row)}
    >
      <ButtonLabel pending={busy} idle={compact ? 'Receipt' : 'Download receipt'} busy={compact ? undefined : 'Downloading...'} />
    </button>
  );
}

/** Download invoice: the GST tax invoice of a purchase that has one (the company has a GSTIN). */
export function InvoiceButton({ row, invoices }: { row: BuyerTransaction; invoices: ReceiptDownload }) {
  if (!row.invoice) return null;
  const busy = invoices.pendingId === row.id;
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary text-nowrap"
      disabled={busy}
      aria-label={`Download invoice ${row.invoice}`}
      onClick={() => invoices.download(row)}
    >
      <ButtonLabel pending={busy} idle="Invoice" />
    </button>
  );
}

/** Method names as the payment page's tabs say them: UPI stays an acronym (not 'Upi'). */
export function methodLabel(m: string | null | undefined) {
  if (!m) return null;
  if (m.toUpperCase() === 'UPI') return 'UPI';
  return m.charAt(0) + m.slice(1).toLowerCase();
}

/** Payment History columns: SL.No., Payment Method, Transaction ID, Amount (INR), Date, Time, Status, Actions. */
export function transactionColumns(
  page: number,
  limit: number,
  onView: (row: BuyerTransaction, serial: number) => void,
  receipts?: ReceiptDownload,
  invoices?: ReceiptDownload,
): Column<BuyerTransaction>[] {
  return [
    { key: 'sl', header: 'SL.No.', render: (_r, i) => serialNumber(page, limit, i) },
    { key: 'paymentMethod', header: 'Payment Method', render: (r) => methodLabel(r.paymentMethod) },
    { key: 'txn', header: 'Transaction ID', className: 'pl-col-wrap', render: (r) => <span className="font-monospace small">{displayTransactionId(r)}</span> },
    // One order reference: the order number beside the UTR.
    { key: 'order', header: 'Order No.', render: (r) => <span className="font-monospace small">{r.orderNumber}</span> },
    { key: 'amount', header: 'Amount (INR)', className: 'text-nowrap', render: (r) => rupees(displayAmount(r)) },
    { key: 'date', header: 'Date', render: (r) => formatDate(r.createdAt) },
    { key: 'time', header: 'Time', render: (r) => formatTime(r.createdAt) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    // The rejection's reason and the refund's reference (PaymentHistory drops the column when no row has one).
    { key: 'decision', header: 'Reason / Refund', className: 'pl-col-note', render: (r) => (hasDecisionNote(r) ? <DecisionNote row={r} /> : null) },
    {
      key: 'actions',
      header: 'Actions',
      render: (r, i) => (
        <span className="d-inline-flex flex-column align-items-start gap-1">
          {r.status === 'INITIATED' ? <ContinuePaymentLink order={r} /> : null}
          <span className="d-inline-flex gap-1">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              aria-label={`View payment ${serialNumber(page, limit, i)}`}
              onClick={() => onView(r, serialNumber(page, limit, i))}
            >
              <Icon name="eye" size={16} />
            </button>
            {receipts ? <ReceiptButton row={r} receipts={receipts} compact /> : null}
            {invoices ? <InvoiceButton row={r} invoices={invoices} /> : null}
          </span>
        </span>
      ),
    },
  ];

}

/** 'View Payment Receipt': amount, date, time, status, method, transaction id, serial no., receipt. */
export function ReceiptModal({
  viewing,
  onClose,
  receipts,
}: {
  viewing: { row: BuyerTransaction; serial: number } | null;
  onClose: () => void;
  receipts?: ReceiptDownload;
}) {
  return (
    <Modal show={Boolean(viewing)} onHide={onClose} centered aria-labelledby="receipt-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="receipt-title">View Payment Receipt</Modal.Title>
      </Modal.Header>
      {viewing ? (
        <Modal.Body>
          <div className="pl-kv"><span>Amount</span><span className="text-nowrap" data-testid="receipt-amount">{rupees(displayAmount(viewing.row))}</span></div>
          <div className="pl-kv"><span>Date</span><span>{formatDate(viewing.row.createdAt)}</span></div>
          <div className="pl-kv"><span>Time</span><span>{formatTime(viewing.row.createdAt)}</span></div>
          <div className="pl-kv"><span>Status</span><span><StatusBadge status={viewing.row.status} /></span></div>
          {viewing.row.status === 'REJECTED' || viewing.row.status === 'REFUNDED' ? (
            <div className="pl-kv"><span>Reason</span><span className="text-break" data-testid="receipt-reason">{viewing.row.rejectReason || 'No reason given.'}</span></div>
          ) : null}
          {viewing.row.status === 'REFUNDED' ? (
            <div className="pl-kv">
              <span>Refund Reference</span>
              <span className="text-break font-monospace small" data-testid="receipt-refund">
                {viewing.row.refundReference || 'N/A'}
                {viewing.row.refundedAt ? ` · ${formatDate(viewing.row.refundedAt)}` : ''}
              </span>
            </div>
          ) : null}
          <div className="pl-kv"><span>Payment Method</span><span>{methodLabel(viewing.row.paymentMethod) ?? 'N/A'}</span></div>
          <div className="pl-kv"><span>Transaction ID</span><span className="text-nowrap font-monospace small">{displayTransactionId(viewing.row)}</span></div>
          <div className="pl-kv"><span>Order Number</span><span className="text-nowrap">{viewing.row.orderNumber || 'N/A'}</span></div>
          <div className="pl-kv"><span>Serial No.</span><span>{viewing.serial}</span></div>
          {viewing.row.receipt?.url ? (
            <div className="mt-3 text-center">
              <img src={viewing.row.receipt.url} alt="Payment receipt" className="pl-receipt-img" />
              <div className="mt-2">
                <a href={viewing.row.receipt.url} target="_blank" rel="noopener noreferrer" className="small">Open receipt in a new tab</a>
              </div>
            </div>
          ) : (
            <p className="text-body-secondary small mt-3 mb-0">No receipt uploaded.</p>
          )}
          {receipts && viewing.row.status === 'APPROVED' ? (
            <div className="mt-3 d-grid">
              <ReceiptButton row={viewing.row} receipts={receipts} />
            </div>
          ) : null}
        </Modal.Body>
      ) : null}
    </Modal>
  );
}
