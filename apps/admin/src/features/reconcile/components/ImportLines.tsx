import { ADMIN_FALLBACK, type MatchStatus, type ReconcileDetail, type ReconcileLine, type ReconcilePurchase } from '@prelaunch/api';
import { grouped, ListCard, Pagination, ResponsiveTable } from '@prelaunch/ui';
import { useMemo, useState } from 'react';
import { MATCH_STATUSES } from '../api/reconcile';
import { lineColumns } from './lineColumns';
import { canRejectLine, RejectMismatchDialog } from './RejectMismatchDialog';

export interface ImportLinesProps {
  detail?: ReconcileDetail;
  status: MatchStatus | '';
  onStatus: (s: MatchStatus | '') => void;
  page: number;
  onPage: (p: number) => void;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
}

/** The import's credit lines with a status filter (All and each status, with its count). */
export function ImportLines({ detail, status, onStatus, page, onPage, loading, error, onRetry }: ImportLinesProps) {
  const [rejecting, setRejecting] = useState<(ReconcileLine & { purchase: ReconcilePurchase }) | null>(null);
  const columns = useMemo(() => lineColumns((l) => canRejectLine(l) && setRejecting(l)), []);
  const im = detail?.import;
  const lines = detail?.lines;
  const chips: Array<{ value: MatchStatus | ''; label: string; count?: number }> = [
    { value: '', label: 'All', count: im?.credits },
    ...MATCH_STATUSES.map((s) => ({ value: s.value, label: s.label, count: im?.[s.count] })),
  ];
  const current = chips.find((c) => c.value === status)?.label ?? 'All';

  return (
    <ListCard title="Statement lines">
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label="Filter lines by status">
        {chips.map((c) => (
          <button
            key={c.value || 'ALL'}
            type="button"
            className={`btn btn-sm rounded-pill ${c.value === status ? 'btn-primary' : 'btn-outline-secondary'}`}
            aria-pressed={c.value === status}
            onClick={() => onStatus(c.value)}
          >
            {c.label}
            {c.count !== undefined ? <span className="ms-1">({grouped(c.count)})</span> : null}
          </button>
        ))}
      </div>
      <ResponsiveTable
        label="Statement lines"
        columns={columns}
        rows={lines?.records}
        rowKey={(r) => r.lineNo}
        loading={loading}
        loadingText="Loading lines..."
        error={error}
        errorFallback={ADMIN_FALLBACK.reconcileGet}
        onRetry={onRetry}
        emptyText={
          status
            ? `No data available. No credit line of this statement is “${current}”; choose All to see every line.`
            : 'No data available. This statement has no credit lines.'
        }
      />
      <Pagination compact label="Statement lines pages" page={page} pageCount={lines?.lastPage ?? 1} onPageChange={onPage} />
      <RejectMismatchDialog line={rejecting} onClose={() => setRejecting(null)} />
    </ListCard>
  );
}
