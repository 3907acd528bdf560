import { ADMIN_FALLBACK, type ReconcileImport } from '@prelaunch/api';
import { formatIst, grouped, ListCard, Pagination, ResponsiveTable, type ResponsiveColumn } from '@prelaunch/ui';

export interface ImportHistoryProps {
  records?: ReconcileImport[];
  page: number;
  lastPage: number;
  onPage: (p: number) => void;
  selectedId: string | null;
  onSelect: (im: ReconcileImport) => void;
  loading: boolean;
  error?: unknown;
  onRetry: () => void;
}

/** GET reconcile/list: the company's imports, newest first; choosing one shows it. */
export function ImportHistory({ records, page, lastPage, onPage, selectedId, onSelect, loading, error, onRetry }: ImportHistoryProps) {
  const columns: ResponsiveColumn<ReconcileImport>[] = [
    {
      key: 'fileName',
      header: 'Statement',
      card: 'title',
      className: 'pl-wrap text-break',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{r.fileName}</span>
          <span className="small text-body-secondary fw-normal">
            {formatIst(r.createdAt)}
            {r.importedBy ? ` · ${r.importedBy}` : ''}
          </span>
        </span>
      ),
    },
    { key: 'credits', header: 'Credits', render: (r) => grouped(r.credits) },
    { key: 'matched', header: 'Matched', render: (r) => grouped(r.matched) },
    { key: 'toApprove', header: 'To approve', render: (r) => grouped(r.toApprove) },
    {
      key: 'open',
      header: 'Action',
      card: 'actions',
      render: (r) =>
        r.id === selectedId ? (
          <span className="badge text-bg-primary">Showing</span>
        ) : (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onSelect(r)} aria-label={`Open ${r.fileName}`}>
            Open
          </button>
        ),
    },
  ];
  return (
    <ListCard title="Import history">
      <ResponsiveTable
        label="Import history"
        columns={columns}
        rows={records}
        loading={loading}
        loadingText="Loading imports..."
        error={error}
        errorFallback={ADMIN_FALLBACK.reconcileList}
        onRetry={onRetry}
        emptyText="No data available. Imported statements appear here; drop your bank statement to start."
      />
      <Pagination compact label="Import history pages" page={page} pageCount={lastPage} onPageChange={onPage} />
    </ListCard>
  );
}
