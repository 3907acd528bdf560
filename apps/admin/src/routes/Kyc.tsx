import { ADMIN_FALLBACK, type AdminKyc, type AdminKycListQuery, type BulkAction, type KycBulkResult } from '@prelaunch/api';
import {
  DocumentViewer,
  FilterSelect,
  formatDateTime,
  ListCard,
  ListPager,
  ResponsiveTable,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  useListParams,
  useUrlSearch,
  ymd,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { BulkBar, BulkDialog } from '../components/BulkDialog';
import { kycColumns, KycDecisionDialog, kycListQueryOptions, useApproveKyc, useBulkKyc, useKycRisk, useRejectKyc, viewerDocuments, visibleKycColumns } from '../features/kyc';
import { useAdminBrand } from '../features/session';

const GENDER: Record<string, string> = { M: 'Male', F: 'Female', T: 'Transgender' };

type Filter = NonNullable<AdminKycListQuery['status']>;
const STATUSES = [
  { value: 'PENDING', label: 'Pending review' },
  { value: 'APPROVED', label: 'Verified' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'EXPIRING', label: 'Expiring (30 days)' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: '', label: 'All' },
];

/**
 * What UIDAI's signed e-KYC file said, the name the buyer typed from the PAN card and how well the
 * two match (a warning under the company's threshold), the numbers, and Approve / Reject while
 * the submission waits; the high-risk flag.
 */
function ViewerDecision({
  kyc,
  onDecide,
  onRisk,
  riskPending,
}: {
  kyc: AdminKyc;
  onDecide: (mode: 'approve' | 'reject') => void;
  onRisk: (highRisk: boolean) => void;
  riskPending: boolean;
}) {
  const e = kyc.ekyc;
  return (
    <>
      <dl className="d-flex flex-wrap gap-3 mb-0 small me-auto">
        {e ? (
          <>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">e-KYC name </dt>
              <dd className="d-inline fw-semibold mb-0" data-testid="viewer-ekyc-name">
                {e.name}
              </dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">Born </dt>
              <dd className="d-inline fw-semibold mb-0">{e.dob}</dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">Gender </dt>
              <dd className="d-inline fw-semibold mb-0">{GENDER[e.gender] ?? e.gender}</dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">File of </dt>
              <dd className="d-inline fw-semibold mb-0">{formatDateTime(e.generatedAt)}</dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">Name on PAN </dt>
              <dd className="d-inline fw-semibold mb-0">{kyc.panName}</dd>
            </div>
            <div>
              <dt className="fw-normal text-body-secondary d-inline">Match </dt>
              <dd className={`d-inline fw-semibold mb-0${kyc.nameMismatch ? ' text-danger' : ''}`} data-testid="viewer-name-match">
                {kyc.nameMismatch ? `${kyc.nameScore} of 100, below ${kyc.nameMatchMin}: check the names` : `${kyc.nameScore} of 100`}
              </dd>
            </div>
          </>
        ) : null}
        <div>
          <dt className="fw-normal text-body-secondary d-inline">PAN </dt>
          <dd className="d-inline font-monospace fw-semibold mb-0" data-testid="viewer-pan">
            {kyc.panNumber}
          </dd>
        </div>
        <div>
          <dt className="fw-normal text-body-secondary d-inline">Aadhaar </dt>
          <dd className="d-inline font-monospace fw-semibold mb-0">{kyc.aadhaarNumber}</dd>
        </div>
        {kyc.status === 'APPROVED' && kyc.expiresAt ? (
          <div>
            <dt className="fw-normal text-body-secondary d-inline">{kyc.expired ? 'Expired ' : 'Verified until '}</dt>
            <dd className="d-inline fw-semibold mb-0" data-testid="viewer-expires">
              {ymd(kyc.expiresAt)}
            </dd>
          </div>
        ) : null}
      </dl>
      <button
        type="button"
        className={`btn btn-sm ${kyc.highRisk ? 'btn-warning' : 'btn-outline-secondary'}`}
        aria-pressed={kyc.highRisk}
        disabled={riskPending}
        onClick={() => onRisk(!kyc.highRisk)}
      >
        {/* A toggle keeps its name; aria-pressed (and the colour) says whether it is on. */}
        High-risk buyer{kyc.highRisk ? ' ✓' : ''}
      </button>
      {kyc.status === 'PENDING' ? (
        <span className="d-flex gap-2">
          <button type="button" className="btn btn-sm btn-success" onClick={() => onDecide('approve')}>
            Approve
          </button>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => onDecide('reject')}>
            Reject
          </button>
        </span>
      ) : null}
    </>
  );
}

/** Admin KYC review (/admin/kyc): the queue, each buyer's documents, approve or reject with a reason. */
export default function Kyc() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | KYC` });
  // The search, the status, the page and its size live in the URL (a reload or Back keeps them).
  const { input, setInput, term } = useUrlSearch('search', ['page']);
  const lp = useListParams({ filters: { status: 'PENDING' } });
  const status = (STATUSES.some((s) => s.value === lp.filter('status')) ? lp.filter('status') : 'PENDING') as Filter;
  const page = lp.page;
  // Bulk work on the pending submissions: the selected rows and the open decision.
  const [selected, setSelected] = useState<Map<string, AdminKyc>>(new Map());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const [outcome, setOutcome] = useState<KycBulkResult | null>(null);
  const bulkRun = useBulkKyc({
    quiet: () => true,
    onDone: (res) => {
      setOutcome(res.data);
      setSelected(new Map());
    },
  });
  const [viewing, setViewing] = useState<{ kyc: AdminKyc; index: number } | null>(null);
  const [deciding, setDeciding] = useState<{ kyc: AdminKyc; mode: 'approve' | 'reject' } | null>(null);

  const list = useQuery(kycListQueryOptions({ page, limit: lp.size, search: term, status: status || undefined }));
  useErrorToast(list.error, ADMIN_FALLBACK.kyc);
  const approve = useApproveKyc({ onDone: () => setDeciding(null) });
  const reject = useRejectKyc({ onDone: () => setDeciding(null) });
  // The high-risk flag, set from the viewer: the viewer shows the answered record (new expiry).
  const risk = useKycRisk({ onDone: (res) => setViewing((v) => (v ? { ...v, kyc: res.data } : v)) });

  const data = list.data?.data;
  const columns = kycColumns(page, data?.limit || lp.size, {
    onView: (kyc) => setViewing({ kyc, index: 0 }),
    onApprove: (kyc) => setDeciding({ kyc, mode: 'approve' }),
    onReject: (kyc) => setDeciding({ kyc, mode: 'reject' }),
  });
  const label = STATUSES.find((s) => s.value === status)?.label ?? 'All';

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">KYC</h1>
      <ListCard
        title={`${label}: ${data ? data.total : '…'}`}
        tools={
          <>
            <FilterSelect label="Status" value={status} options={STATUSES} onChange={(v) => lp.setFilter('status', v)} />
            <SearchBox value={input} onChange={setInput} placeholder="Search by name, email, mobile, member ID..." />
          </>
        }
      >
        <BulkBar count={selected.size} onApprove={() => setBulk('approve')} onReject={() => setBulk('reject')} onClear={() => setSelected(new Map())} />
        <ResponsiveTable
          label="KYC requests"
          columns={visibleKycColumns(columns, data?.records)}
          rows={data?.records}
          rowKey={(r) => r.userId}
          selection={{
            selected: new Set(selected.keys()),
            rowLabel: (r) => r.name,
            selectable: (r) => r.status === 'PENDING',
            onChange: (keys) =>
              setSelected((prev) => {
                const onPage = new Map((data?.records ?? []).map((r) => [r.userId, r]));
                const next = new Map<string, AdminKyc>();
                for (const k of keys) {
                  const row = onPage.get(k) ?? prev.get(k);
                  if (row) next.set(k, row);
                }
                return next;
              }),
          }}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.kyc}
          onRetry={() => void list.refetch()}
          emptyText={
            term
              ? 'No data available. Nobody matches this search; clear it or pick another status.'
              : status === 'PENDING'
                ? 'No data available. Nothing waits for review; buyers appear here when they submit their documents.'
                : status
                  ? 'No data available. Decided submissions appear here once you review them.'
                  : 'No data available. Buyers appear here when they submit their documents.'
          }
        />
        <ListPager page={page} pageCount={data?.lastPage ?? 1} onPageChange={lp.setPage} size={lp.size} onSizeChange={lp.setSize} total={data?.total} />
      </ListCard>

      <BulkDialog
        key={bulk ?? 'none'}
        show={bulk !== null}
        action={bulk ?? 'approve'}
        noun="KYC requests"
        count={outcome ? outcome.results.length : selected.size}
        reason="required"
        summary={
          <ul className="small mb-0">
            {[...selected.values()].slice(0, 10).map((k) => (
              <li key={k.userId}>
                {k.name} <span className="text-body-secondary">({k.memberId})</span>
              </li>
            ))}
            {selected.size > 10 ? <li>and {selected.size - 10} more</li> : null}
          </ul>
        }
        pending={bulkRun.isPending}
        outcomes={outcome ? outcome.results.map((r) => ({ key: r.userId, label: r.name || r.userId, ok: r.ok, message: r.message })) : null}
        onConfirm={(reason) => bulk && bulkRun.mutate({ userIds: [...selected.keys()], action: bulk, reason })}
        onClose={() => {
          setBulk(null);
          setOutcome(null);
        }}
      />
      <DocumentViewer
        documents={viewing ? viewerDocuments(viewing.kyc.documents, viewing.kyc.changedDocuments, viewing.kyc.ekyc?.photoUrl) : []}
        index={viewing?.index ?? null}
        title={viewing ? `${viewing.kyc.name} · ${viewing.kyc.memberId}` : undefined}
        actions={viewing ? <ViewerDecision kyc={viewing.kyc} riskPending={risk.isPending} onRisk={(highRisk) => risk.mutate({ userId: viewing.kyc.userId, highRisk })} onDecide={(mode) => {
          // The decision's dialog takes the viewer's place (one dialog at a time).
          setDeciding({ kyc: viewing.kyc, mode });
          setViewing(null);
        }} /> : undefined}
        onIndexChange={(index) => setViewing((v) => (v ? { ...v, index } : v))}
        onClose={() => setViewing(null)}
      />
      <KycDecisionDialog
        kyc={deciding?.mode === 'approve' ? deciding.kyc : null}
        mode="approve"
        pending={approve.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={(k) => approve.mutate(k.userId)}
      />
      <KycDecisionDialog
        kyc={deciding?.mode === 'reject' ? deciding.kyc : null}
        mode="reject"
        pending={reject.isPending}
        onClose={() => setDeciding(null)}
        onConfirm={(k, reason) => reject.mutate({ userId: k.userId, reason })}
      />
    </div>
  );
}
