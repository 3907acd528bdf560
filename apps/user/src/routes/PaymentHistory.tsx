import { FALLBACK, errorMessage, type BuyerTransaction } from '@prelaunch/api';
import { FilterSelect, Pagination, ResponsiveTable, SearchBox, useDebounce, useErrorToast, type CardRole } from '@prelaunch/ui';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { hasDecisionNote, OpenOrders, ReceiptModal, transactionColumns, transactionsQueryOptions, useReceiptDownload } from '../features/purchase';
import { useInvoiceDownload } from '../features/statement';

// Where each history column goes on a card (status, amount and actions visible).
const CARD_ROLES: Record<string, CardRole> = { sl: 'hidden', order: 'title', status: 'status', amount: 'amount', actions: 'actions' };

export const PAGE_SIZES = [10, 25, 50, 100].map((s) => ({ value: s, label: String(s) }));
// "All" comes first and is the default: a buyer opening their history sees every order they placed.
const STATUSES = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'REFUNDED', label: 'Refunded' },
  { value: 'INITIATED', label: 'Initiated' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** Payment History (/user/payment-history). */
export default function PaymentHistory() {
  const [search, setSearch] = useState('');
  const debounced = useDebounce(search.trim());
  const [limit, setLimit] = useState<number>(10);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [viewing, setViewing] = useState<{ row: BuyerTransaction; serial: number } | null>(null);

  const query = useQuery(transactionsQueryOptions({ page, limit, status, search: debounced }));
  useErrorToast(query.error, FALLBACK.transactions);
  const data = query.data;

  const receipts = useReceiptDownload();
  const invoiceMutation = useInvoiceDownload();
  const invoices = {
    pendingId: invoiceMutation.isPending ? (invoiceMutation.variables ?? null) : null,
    download: (row: Pick<BuyerTransaction, 'id'>) => {
      if (!invoiceMutation.isPending) invoiceMutation.mutate(row.id);
    },
  };
  const withNotes = (data?.records ?? []).some(hasDecisionNote);
  const columns = transactionColumns(page, limit, (row, serial) => setViewing({ row, serial }), receipts, invoices)
    .filter((c) => withNotes || c.key !== 'decision')
    .map((c) => ({ ...c, card: CARD_ROLES[c.key] }));

  const errorText = query.isError ? `Error fetching data: ${errorMessage(query.error, FALLBACK.transactions).join(' ')}` : null;

  return (
    <div>
      <h1 className="h3 pl-page-title">Payment History</h1>
      <OpenOrders />
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
          <div className="text-center py-4" role="alert">
            <p className="text-danger mb-3">{errorText}</p>
            <button type="button" className="btn btn-outline-primary" onClick={() => query.refetch()} disabled={query.isFetching}>
              Retry
            </button>
          </div>
        ) : (
          <ResponsiveTable
            label="Payments"
            columns={columns}
            rows={data?.records}
            loading={query.isLoading}
            loadingText="Loading transactions..."
            emptyText={
              <>
                <p className="mb-2">No payment history found.</p>
                <p className="small mb-0">
                  {status || debounced ? 'Try another status (All shows every order) or clear the search. ' : ''}
                  Orders you place on <Link to="/user/buy-token">Buy Token</Link> appear here.
                </p>
              </>
            }
          />
        )}
        {data && !query.isError ? (
          <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
            <span className="small text-body-secondary">Total: {data.total}</span>
            <Pagination page={page} pageCount={data.lastPage} onPageChange={setPage} />
          </div>
        ) : null}
      </section>

      <ReceiptModal viewing={viewing} onClose={() => setViewing(null)} receipts={receipts} />
    </div>
  );
}
