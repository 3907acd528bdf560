import { ADMIN_PAGE_SIZE, type AdminPurchase } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, DataTable, StatusBadge, toastSuccess, useDocumentMeta, type Column } from '@prelaunch/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useSearchParams } from 'react-router';
import { api } from '../api';
import { AdminPagination } from '../components/AdminPagination';
import { ListCard } from '../components/ListCard';
import { SearchBox } from '../components/SearchBox';
import { useUrlSearch } from '../components/useUrlSearch';
import { dash, fixed2, grouped, serial, ymd } from '../format';
import { ADMIN_FALLBACK, reportError, useErrorToast } from '../state/errors';
import { useSite } from '../state/site';

type Tab = 'requests' | 'history';
type HistoryStatus = 'APPROVED' | 'REJECTED';

/** SPEC §2 "Admin Purchase Request (/admin/purchaserequest)". */
export default function PurchaseRequest() {
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | Purchase Request` });
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'history' ? 'history' : 'requests';
  // SPEC §2: the search is kept in ?search1= and changing it removes search2.
  const { input, setInput, term } = useUrlSearch('search1', ['search2']);
  const [historyStatus, setHistoryStatus] = useState<HistoryStatus>('APPROVED');
  const [page, setPage] = useState(1);
  const key = `${tab}|${term}|${historyStatus}`;
  const [lastKey, setLastKey] = useState(key);
  if (lastKey !== key) {
    setLastKey(key);
    setPage(1);
  }
  const [approving, setApproving] = useState<AdminPurchase | null>(null);
  const [rejecting, setRejecting] = useState<AdminPurchase | null>(null);

  const status = tab === 'requests' ? 'PENDING' : historyStatus;
  const list = useQuery({
    queryKey: ['admin', 'purchases', { status, page, term }],
    queryFn: () => api.purchaseList({ status, page, search: term }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error, ADMIN_FALLBACK.purchases);

  const refetch = () => qc.invalidateQueries({ queryKey: ['admin'] });
  const approve = useMutation({
    mutationFn: (id: string) => api.purchaseApprove(id),
    onSuccess: (res) => {
      toastSuccess(res.message);
      setApproving(null);
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.approve),
    onSettled: refetch,
  });
  const reject = useMutation({
    mutationFn: (id: string) => api.purchaseReject(id),
    onSuccess: (res) => {
      toastSuccess(res.message);
      setRejecting(null);
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.reject),
    onSettled: refetch,
  });

  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;

  const base: Column<AdminPurchase>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => fixed2(r.price) },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => fixed2(r.finalAmount), className: 'text-nowrap' },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
  const columns: Column<AdminPurchase>[] =
    tab === 'requests'
      ? [
          ...base,
          {
            key: 'action',
            header: 'Action',
            className: 'text-nowrap',
            render: (r) => (
              <div className="d-flex gap-1">
                <button type="button" className="btn btn-sm btn-success" onClick={() => setApproving(r)}>
                  Approve
                </button>
                <button type="button" className="btn btn-sm btn-danger" onClick={() => setRejecting(r)}>
                  Reject
                </button>
              </div>
            ),
          },
        ]
      : [
          ...base,
          { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber) },
          {
            key: 'receipt',
            header: 'Receipt',
            render: (r) =>
              r.receipt?.url ? (
                <a href={r.receipt.url} target="_blank" rel="noreferrer">
                  View
                </a>
              ) : (
                '--'
              ),
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
      <h1 className="h3 mb-4">Purchase Request</h1>
      <ul className="nav nav-tabs mb-3" role="tablist">
        {(
          [
            ['requests', 'Purchase Requests'],
            ['history', 'Purchase History'],
          ] as const
        ).map(([id, label]) => (
          <li key={id} className="nav-item" role="presentation">
            <button
              type="button"
              role="tab"
              aria-selected={tab === id}
              className={`nav-link ${tab === id ? 'active' : ''}`}
              onClick={() => setTab(id)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      <ListCard
        title={tab === 'requests' ? 'Purchase Requests' : 'Purchase History'}
        tools={
          <>
            {tab === 'history' ? (
              <select
                className="form-select w-auto"
                aria-label="Status"
                value={historyStatus}
                onChange={(e) => setHistoryStatus(e.target.value as HistoryStatus)}
              >
                <option value="APPROVED">Approved</option>
                <option value="REJECTED">Rejected</option>
              </select>
            ) : null}
            <SearchBox value={input} onChange={setInput} placeholder="Search by order, name, mobile..." />
          </>
        }
      >
        <DataTable columns={columns} rows={data?.records} loading={list.isPending} />
        <AdminPagination page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>

      <Modal show={approving !== null} onHide={approve.isPending ? undefined : () => setApproving(null)} centered aria-labelledby="approve-title">
        <Modal.Header closeButton={!approve.isPending}>
          <Modal.Title id="approve-title" as="h2" className="h5">
            Approve Purchase
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            <span className="fw-semibold">Transaction No.:</span> <span data-testid="approve-ref">{dash(approving?.referenceNumber)}</span>
          </p>
          {approving?.receipt?.url ? (
            <>
              <a href={approving.receipt.url} target="_blank" rel="noreferrer" className="d-inline-block mb-2">
                View Receipt
              </a>
              <img
                src={approving.receipt.url}
                alt="Payment receipt"
                className="img-fluid rounded border d-block"
                style={{ maxHeight: 360 }}
                onError={(e) => (e.currentTarget.style.display = 'none')}
              />
            </>
          ) : (
            <p className="text-body-secondary mb-0">No receipt uploaded.</p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-success"
            disabled={approve.isPending}
            onClick={() => approving && approve.mutate(approving.id)}
          >
            <ButtonLabel pending={approve.isPending} idle="Confirm" />
          </button>
        </Modal.Footer>
      </Modal>
      <ConfirmDialog
        show={rejecting !== null}
        message="Aye you sure, you want to Reject?"
        pending={reject.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={() => rejecting && reject.mutate(rejecting.id)}
      />
    </div>
  );
}
