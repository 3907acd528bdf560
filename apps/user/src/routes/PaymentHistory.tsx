import { FALLBACK, errorMessage, type BuyerTransaction } from '@prelaunch/api';
import { DataTable, Pagination, StatusBadge, useDebounce, type Column } from '@prelaunch/ui';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../layouts/icons';
import { displayAmount, displayTransactionId, formatDate, formatInr, formatTime, serialNumber } from '../lib/calc';
import { useQueryErrorToast } from '../lib/toast';
import { useTransactions } from '../queries/user';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const STATUSES = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'INITIATED', label: 'Initiated' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: '', label: 'All' },
];

function methodLabel(m: string | null | undefined) {
  return m ? m.charAt(0) + m.slice(1).toLowerCase() : null;
}

/** SPEC §2 "Payment History (/user/payment-history)". */
export default function PaymentHistory() {
  const [search, setSearch] = useState('');
  const debounced = useDebounce(search.trim());
  const [limit, setLimit] = useState<number>(10);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('PENDING');
  const [viewing, setViewing] = useState<{ row: BuyerTransaction; serial: number } | null>(null);

  const query = useTransactions({ page, limit, status, search: debounced });
  useQueryErrorToast(query.error, FALLBACK.transactions);
  const data = query.data;

  const columns: Column<BuyerTransaction>[] = [
    { key: 'sl', header: 'SL.No.', render: (_r, i) => serialNumber(page, limit, i) },
    { key: 'paymentMethod', header: 'Payment Method', render: (r) => methodLabel(r.paymentMethod) },
    { key: 'txn', header: 'Transaction ID', render: (r) => <span className="font-monospace small">{displayTransactionId(r)}</span> },
    { key: 'amount', header: 'Amount (INR)', render: (r) => formatInr(displayAmount(r)) },
    { key: 'date', header: 'Date', render: (r) => formatDate(r.createdAt) },
    { key: 'time', header: 'Time', render: (r) => formatTime(r.createdAt) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (r, i) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-label={`View payment ${serialNumber(page, limit, i)}`}
          onClick={() => setViewing({ row: r, serial: serialNumber(page, limit, i) })}
        >
          <Icon name="eye" size={16} />
        </button>
      ),
    },
  ];

  const errorText = query.isError ? `Error fetching data: ${errorMessage(query.error, FALLBACK.transactions).join(' ')}` : null;

  return (
    <div>
      <h1 className="h3 pl-page-title">Payment History</h1>
      <section className="pl-panel p-3 p-md-4">
        <div className="row g-2 align-items-end mb-3">
          <div className="col-12 col-md-6">
            <label htmlFor="history-search" className="visually-hidden">Search</label>
            <input
              id="history-search"
              type="search"
              className="form-control"
              placeholder="Search by Transaction ID, Method..."
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
            />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="history-size" className="form-label small mb-1">Show</label>
            <select
              id="history-size"
              className="form-select"
              value={limit}
              onChange={(e) => {
                setLimit(Number(e.target.value));
                setPage(1);
              }}
            >
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="history-status" className="form-label small mb-1">Status</label>
            <select
              id="history-status"
              className="form-select"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value);
                setPage(1);
              }}
            >
              {STATUSES.map((s) => (
                <option key={s.label} value={s.value}>{s.label}</option>
              ))}
            </select>
          </div>
        </div>

        {errorText ? (
          <p className="text-danger py-4 text-center mb-0" role="alert">{errorText}</p>
        ) : (
          <DataTable
            columns={columns}
            rows={data?.records}
            loading={query.isLoading}
            loadingText={
              <span className="d-inline-flex align-items-center gap-2">
                <span className="spinner-border spinner-border-sm" aria-hidden="true" /> Loading transactions...
              </span>
            }
            emptyText="No payment history found."
          />
        )}
        {data && !query.isError ? (
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
            <span className="small text-body-secondary">Total: {data.total}</span>
            <Pagination page={page} pageCount={data.lastPage} onPageChange={setPage} />
          </div>
        ) : null}
      </section>

      <Modal show={Boolean(viewing)} onHide={() => setViewing(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">View Payment Receipt</Modal.Title>
        </Modal.Header>
        {viewing ? (
          <Modal.Body>
            <div className="pl-kv"><span>Amount</span><span>₹{formatInr(displayAmount(viewing.row))}</span></div>
            <div className="pl-kv"><span>Date</span><span>{formatDate(viewing.row.createdAt)}</span></div>
            <div className="pl-kv"><span>Time</span><span>{formatTime(viewing.row.createdAt)}</span></div>
            <div className="pl-kv"><span>Status</span><span><StatusBadge status={viewing.row.status} /></span></div>
            <div className="pl-kv"><span>Payment Method</span><span>{methodLabel(viewing.row.paymentMethod) ?? 'N/A'}</span></div>
            <div className="pl-kv"><span>Transaction ID</span><span>{displayTransactionId(viewing.row)}</span></div>
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
    </div>
  );
}
