import type { BuyerTransaction } from '@prelaunch/api';
import { formatDate, formatTime, rupees, serial as serialNumber, StatusBadge, type Column } from '@prelaunch/ui';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../../../components/Icon';
import { displayAmount, displayTransactionId } from '../calc';
import { ContinuePaymentLink } from './OpenOrders';

/** Method names as the payment page's tabs say them: UPI stays an acronym (not 'Upi'). */
export function methodLabel(m: string | null | undefined) {
  if (!m) return null;
  if (m.toUpperCase() === 'UPI') return 'UPI';
  return m.charAt(0) + m.slice(1).toLowerCase();
}

/** SPEC §2 Payment History columns: SL.No., Payment Method, Transaction ID, Amount (INR), Date, Time, Status, Actions. */
export function transactionColumns(
  page: number,
  limit: number,
  onView: (row: BuyerTransaction, serial: number) => void,
): Column<BuyerTransaction>[] {
  return [
    { key: 'sl', header: 'SL.No.', render: (_r, i) => serialNumber(page, limit, i) },
    { key: 'paymentMethod', header: 'Payment Method', render: (r) => methodLabel(r.paymentMethod) },
    { key: 'txn', header: 'Transaction ID', className: 'pl-col-wrap', render: (r) => <span className="font-monospace small">{displayTransactionId(r)}</span> },
    // DESIGN §16 "One order reference": the order number beside the UTR.
    { key: 'order', header: 'Order No.', render: (r) => <span className="font-monospace small">{r.orderNumber}</span> },
    { key: 'amount', header: 'Amount (INR)', className: 'text-nowrap', render: (r) => rupees(displayAmount(r)) },
    { key: 'date', header: 'Date', render: (r) => formatDate(r.createdAt) },
    { key: 'time', header: 'Time', render: (r) => formatTime(r.createdAt) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (r, i) => (
        <span className="d-inline-flex flex-column align-items-start gap-1">
          {r.status === 'INITIATED' ? <ContinuePaymentLink order={r} /> : null}
          <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-label={`View payment ${serialNumber(page, limit, i)}`}
          onClick={() => onView(r, serialNumber(page, limit, i))}
        >
          <Icon name="eye" size={16} />
          </button>
        </span>
      ),
    },
  ];

}

/** SPEC §2 'View Payment Receipt': amount, date, time, status, method, transaction id, serial no., receipt. */
export function ReceiptModal({
  viewing,
  onClose,
}: {
  viewing: { row: BuyerTransaction; serial: number } | null;
  onClose: () => void;
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
        </Modal.Body>
      ) : null}
    </Modal>
  );
}
