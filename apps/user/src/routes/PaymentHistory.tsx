import { FALLBACK, errorMessage, type BuyerTransaction } from '@prelaunch/api';
import {
  DataTable,
  FilterSelect,
  formatDate,
  formatInr,
  formatTime,
  Pagination,
  SearchBox,
  serial as serialNumber,
  StatusBadge,
  useDebounce,
  useErrorToast,
  type Column,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { Icon } from '../components/Icon';
import { transactionsQueryOptions } from '../features/purchase/api/purchase';
import { displayAmount, displayTransactionId } from '../features/purchase/calc';

export const PAGE_SIZES = [10, 25, 50, 100].map((s) => ({ value: s, label: String(s) }));
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

  const query = useQuery(transactionsQueryOptions({ page, limit, status, search: debounced }));
  useErrorToast(query.error, FALLBACK.transactions);
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
          <SearchBox
            id="history-search"
            className="col-12 col-md-6"
            placeholder="Search by Transaction ID, Method..."
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
          />
          <div className="col-6 col-md-3">
            <FilterSelect
              id="history-size"
              label="Show"
              value={limit}
              options={PAGE_SIZES}
              onChange={(v) => {
                setLimit(Number(v));
                setPage(1);
              }}
            />
          </div>
          <div className="col-6 col-md-3">
            <FilterSelect
              id="history-status"
              label="Status"
              value={status}
              options={STATUSES}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
              }}
            />
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
