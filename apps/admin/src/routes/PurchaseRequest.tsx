import { ADMIN_FALLBACK, type AdminPurchase, type BulkAction, type PurchaseBulkResult } from '@prelaunch/api';
import {
  DateRange,
  ExportButton,
  FilterSelect,
  grouped,
  ListCard,
  ListPager,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  useListParams,
  ResponsiveTable,
  useUrlSearch,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../api';
import { BulkBar, BulkDialog } from '../components/BulkDialog';
import { rupees, sumFixed } from '../lib/money';
import { historyColumns, purchaseColumns, PurchaseReviewDialog, purchasesQueryOptions, RefundDialog, useApprovePurchase, useBulkPurchases, useRefundPurchase, useRejectPurchase } from '../features/purchases';
import { Tabs } from '../components/Tabs';
import { useAdminBrand } from '../features/session';

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

/** Name the sortable columns: Due / Paid (the final amount) by amount, Date by date (the server sorts). */
const sortable = (cols: ResponsiveColumn<AdminPurchase>[]) =>
  cols.map((c) => (c.key === 'finalAmount' ? { ...c, sortKey: 'amount' } : c.key === 'createdAt' ? { ...c, sortKey: 'date' } : c));

/** Admin Purchase Request (/admin/purchaserequest). */
export default function PurchaseRequest() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | Purchase Request` });
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'requests';
  // The search is kept in ?search1= and changing it removes search2.
  // The search, the history's status, the sort, the page and its size live in the URL.
  const { input, setInput, term } = useUrlSearch('search1', ['search2', 'page']);
  const lp = useListParams({ sort: 'date', dir: 'desc', filters: { status: 'APPROVED' } });
  const historyStatus = (HISTORY_STATUSES.some((h) => h.value === lp.filter('status')) ? lp.filter('status') : 'APPROVED') as HistoryStatus;
  // The export's range (IST days, inclusive); empty bounds export everything.
  const [range, setRange] = useState({ from: '', to: '' });
  const page = lp.page;
  const [approving, setApproving] = useState<AdminPurchase | null>(null);
  const [rejecting, setRejecting] = useState<AdminPurchase | null>(null);
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);
  // Bulk work on the requests: the selected rows (kept across pages) and the open decision.
  const [selected, setSelected] = useState<Map<string, AdminPurchase>>(new Map());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<PurchaseBulkResult | null>(null);

  const status = tab === 'requests' ? 'PENDING' : historyStatus;
  const list = useQuery(
    purchasesQueryOptions({ status, page, limit: lp.size, search: term, sort: lp.sort as 'date' | 'amount', dir: lp.dir }),
  );
  useErrorToast(list.error, ADMIN_FALLBACK.purchases);
  const approve = useApprovePurchase({ onDone: () => setApproving(null) });
  const reject = useRejectPurchase({ onDone: () => setRejecting(null) });
  const refund = useRefundPurchase({ onDone: () => setRefunding(null) });
  const bulkRun = useBulkPurchases({
    quiet: () => true,
    onDone: (res) => {
      setOutcome(res.data);
      setSelected(new Map());
    },
  });

  const data = list.data?.data;
  const limit = data?.limit || lp.size;
  const chosen = [...selected.values()];
  // Exact sums (integer units), never floats.
  const chosenAmount = sumFixed(chosen.map((p) => p.finalAmount), 2);
  const chosenTokens = sumFixed(chosen.map((p) => p.totalQuantity), 0);
  const closeBulk = () => {
    setBulk(null);
    setOutcome(null);
  };
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
              // Approve above Reject in the table (the row stays narrow at 1280 px), side by side on a card.
              <div className="d-flex flex-md-column gap-1">
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
            // A rejected payment that was sent back is recorded as refunded.
            render: (r) =>
              r.status === 'REJECTED' ? (
                <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setRefunding(r)} aria-label={`Refund ${r.orderNumber}`}>
                  Refund
                </button>
              ) : null,
          },
        ];

  const setTab = (t: Tab) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (t === 'history') next.set('tab', 'history');
      else next.delete('tab');
      next.delete('page');
      return next;
    });

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
              <FilterSelect label="Status" value={historyStatus} options={HISTORY_STATUSES} onChange={(v) => lp.setFilter('status', v)} />
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
        {tab === 'requests' ? (
          <BulkBar
            count={selected.size}
            onApprove={() => setBulk('approve')}
            onReject={() => setBulk('reject')}
            onClear={() => setSelected(new Map())}
          />
        ) : null}
        <ResponsiveTable
          label={tab === 'requests' ? 'Purchase Requests' : 'Purchase History'}
          columns={sortable(columns)}
          sort={{ key: lp.sort, dir: lp.dir, onChange: lp.setSort }}
          selection={
            tab === 'requests'
              ? {
                  selected: new Set(selected.keys()),
                  rowLabel: (r) => r.orderNumber,
                  onChange: (keys) =>
                    setSelected((prev) => {
                      const next = new Map<string, AdminPurchase>();
                      const onPage = new Map((data?.records ?? []).map((r) => [r.id, r]));
                      for (const k of keys) {
                        const row = onPage.get(k) ?? prev.get(k);
                        if (row) next.set(k, row);
                      }
                      return next;
                    }),
                }
              : undefined
          }
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
        <ListPager
          page={page}
          pageCount={data?.lastPage ?? 1}
          onPageChange={lp.setPage}
          size={lp.size}
          onSizeChange={lp.setSize}
          total={data?.total}
        />
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
      <BulkDialog
        key={bulk ?? 'none'}
        show={bulk !== null}
        action={bulk ?? 'approve'}
        noun="purchases"
        count={outcome ? outcome.results.length : selected.size}
        reason="optional"
        summary={
          <dl className="row mb-0 small">
            <dt className="col-6 fw-normal text-body-secondary">Purchases</dt>
            <dd className="col-6 text-end mb-1">{selected.size}</dd>
            <dt className="col-6 fw-normal text-body-secondary">Total (INR)</dt>
            <dd className="col-6 text-end mb-1 fw-semibold">{rupees(chosenAmount)}</dd>
            <dt className="col-6 fw-normal text-body-secondary">Tokens</dt>
            <dd className="col-6 text-end mb-0">{grouped(chosenTokens)}</dd>
          </dl>
        }
        pending={bulkRun.isPending}
        outcomes={
          outcome
            ? outcome.results.map((r) => ({
                key: r.id,
                label: r.orderNumber || chosen.find((p) => p.id === r.id)?.orderNumber || r.id,
                ok: r.ok,
                message: r.message,
              }))
            : null
        }
        onConfirm={(reason) => bulk && bulkRun.mutate({ ids: [...selected.keys()], action: bulk, reason })}
        onClose={closeBulk}
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
