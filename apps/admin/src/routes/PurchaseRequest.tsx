import { ADMIN_FALLBACK, ADMIN_PAGE_SIZE, type AdminPurchase } from '@prelaunch/api';
import {
  DateRange,
  ExportButton,
  FilterSelect,
  ListCard,
  Pagination,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  usePage,
  ResponsiveTable,
  useUrlSearch,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../api';
import { purchasesQueryOptions, useApprovePurchase, useRefundPurchase, useRejectPurchase } from '../features/purchases/api/purchases';
import { PurchaseReviewDialog } from '../features/purchases/components/ApproveDialog';
import { RefundDialog } from '../features/purchases/components/RefundDialog';
import { historyColumns, purchaseColumns, withDecisionNotes } from '../features/purchases/components/purchaseColumns';
import { Tabs } from '../components/Tabs';
import { useAdminBrand } from '../features/session/hooks/useAdminBrand';

type Tab = 'requests' | 'history';
type HistoryStatus = 'APPROVED' | 'REJECTED' | 'REFUNDED';

const TABS = [
  ['requests', 'Purchase Requests'],
  ['history', 'Purchase History'],
] as const;
const HISTORY_STATUSES = [
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'REFUNDED', label: 'Refunded' },
];

/** SPEC §2 "Admin Purchase Request (/admin/purchaserequest)". */
export default function PurchaseRequest() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Purchase Request` });
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'requests';
  // SPEC §2: the search is kept in ?search1= and changing it removes search2.
  const { input, setInput, term } = useUrlSearch('search1', ['search2']);
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>('APPROVED');
  // DESIGN §12: the export's range (IST days, inclusive); empty bounds export everything.
  const [range, setRange] = useState({ from: '', to: '' });
  const [page, setPage] = usePage(`${tab}|${term}|${historyStatus}`);
  const [approving, setApproving] = useState<AdminPurchase | null>(null);
  const [rejecting, setRejecting] = useState<AdminPurchase | null>(null);
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);

  const status = tab === 'requests' ? 'PENDING' : historyStatus;
  const list = useQuery(purchasesQueryOptions({ status, page, search: term }));
  useErrorToast(list.error, ADMIN_FALLBACK.purchases);
  const approve = useApprovePurchase({ onDone: () => setApproving(null) });
  const reject = useRejectPurchase({ onDone: () => setRejecting(null) });
  const refund = useRefundPurchase({ onDone: () => setRefunding(null) });

  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;
  const columns: ResponsiveColumn<AdminPurchase>[] =
    tab === 'requests'
      ? [
          ...purchaseColumns(page, limit),
          {
            key: 'action',
            header: 'Action',
            className: 'text-nowrap',
            card: 'actions',
            render: (r) => (
              <div className="d-flex gap-1">
                <button type="button" className="btn btn-sm btn-success flex-fill" onClick={() => setApproving(r)}>
                  Approve
                </button>
                <button type="button" className="btn btn-sm btn-danger flex-fill" onClick={() => setRejecting(r)}>
                  Reject
                </button>
              </div>
            ),
          },
        ]
      : historyStatus !== 'REJECTED'
        ? historyColumns(page, limit)
        : [
          ...historyColumns(page, limit),
          {
            key: 'action',
            header: 'Action',
            className: 'text-nowrap',
            card: 'actions',
            // DESIGN §13: a rejected payment that was sent back is recorded as refunded.
            render: (r) =>
              r.status === 'REJECTED' ? (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setRefunding(r)} aria-label={`Refund ${r.orderNumber}`}>
                  Refund
                </button>
              ) : null,
          },
        ];

  const setTab = (t: Tab) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (t === 'history') next.set('tab', 'history');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Purchase Request</h1>
      <Tabs tabs={TABS} active={tab} onChange={setTab} label="Purchases" panelId="purchase-panel" />
      <div id="purchase-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
      <ListCard
        title={tab === 'requests' ? 'Purchase Requests' : 'Purchase History'}
        tools={
          <>
            {tab === 'history' ? (
              <FilterSelect
                label="Status"
                value={historyStatus}
                options={HISTORY_STATUSES}
                onChange={(v) => setHistoryStatus(v as HistoryStatus)}
              />
            ) : null}
            <SearchBox value={input} onChange={setInput} placeholder="Search by order, name, mobile..." />
            {tab === 'history' ? (
              <>
                <DateRange id="history-range" from={range.from} to={range.to} onChange={setRange} />
                <ExportButton
                  download={() => api.exportPurchases({ status: historyStatus, ...range })}
                  fallback={ADMIN_FALLBACK.export}
                />
              </>
            ) : null}
          </>
        }
      >
        <ResponsiveTable
          label={tab === 'requests' ? 'Purchase Requests' : 'Purchase History'}
          columns={withDecisionNotes(columns, data?.records)}
          rows={data?.records}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.purchases}
          onRetry={() => void list.refetch()}
          emptyText={
            tab === 'requests'
              ? term
                ? 'No data available. No pending request matches this search; clear it to see every request.'
                : 'No data available. New requests appear here when buyers submit their payment proof.'
              : term
                ? 'No data available. Nothing matches this search; clear it or pick the other status.'
                : 'No data available. Approved, rejected and refunded purchases appear here once you review requests.'
          }
        />
        <Pagination compact page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>
      </div>

      <PurchaseReviewDialog
        mode="approve"
        purchase={approving}
        pending={approve.isPending}
        onClose={() => setApproving(null)}
        onConfirm={(p) => approve.mutate(p.id)}
      />
      <PurchaseReviewDialog
        mode="reject"
        purchase={rejecting}
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(p, reason) => reject.mutate({ id: p.id, reason })}
      />
      <RefundDialog
        purchase={refunding}
        pending={refund.isPending}
        onClose={() => setRefunding(null)}
        onConfirm={(p, refundReference) => refund.mutate({ id: p.id, refundReference })}
      />
    </div>
  );
}
