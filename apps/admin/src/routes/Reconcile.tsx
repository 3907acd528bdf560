import { ADMIN_FALLBACK, type MatchStatus, type ReconcileImport } from '@prelaunch/api';
import { ListPlaceholder, LoadError, useDocumentMeta, useErrorToast, usePage } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ImportHistory, ImportLines, ImportPanel, importQueryOptions, importsQueryOptions, ImportSummary, isMatchStatus } from '../features/reconcile';
import { useSite } from '../features/site';

/** Reconciliation (/admin/reconcile): the open import and its filter live in the URL (?import=, ?status=). */
export default function Reconcile() {
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | Reconciliation` });
  const [params, setParams] = useSearchParams();
  const id = params.get('import') || null;
  const rawStatus = params.get('status');
  const status: MatchStatus | '' = isMatchStatus(rawStatus) ? rawStatus : '';
  const [historyPage, setHistoryPage] = useState(1);
  const [linePage, setLinePage] = usePage(`${id}|${status}`);

  const history = useQuery(importsQueryOptions({ page: historyPage }));
  useErrorToast(history.error, ADMIN_FALLBACK.reconcileList);
  const detail = useQuery({ ...importQueryOptions({ id: id ?? '', status, page: linePage }), enabled: id !== null });
  useErrorToast(detail.error, ADMIN_FALLBACK.reconcileGet);

  const open = (im: ReconcileImport) => setParams({ import: im.id });
  const onImported = (im: ReconcileImport) => {
    setHistoryPage(1);
    open(im);
  };
  const setStatus = (s: MatchStatus | '') =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (s) next.set('status', s);
        else next.delete('status');
        return next;
      },
      { replace: true },
    );

  const data = detail.data?.data;
  let selected: ReactNode;
  if (id === null) {
    selected = (
      <p className="text-body-secondary mb-0" data-testid="reconcile-hint">
        Drop a bank statement above, or open an import from the history, to see its summary and lines.
      </p>
    );
  } else if (!data && detail.isError) {
    selected = <LoadError error={detail.error} fallback={ADMIN_FALLBACK.reconcileGet} onRetry={() => void detail.refetch()} />;
  } else if (!data) {
    selected = <ListPlaceholder text="Loading import..." rows={3} />;
  } else {
    selected = (
      <>
        <div className="mb-3">
          <ImportSummary im={data.import} />
        </div>
        <ImportLines
          detail={data}
          status={status}
          onStatus={setStatus}
          page={linePage}
          onPage={setLinePage}
          loading={false}
          error={detail.isError ? detail.error : undefined}
          onRetry={() => void detail.refetch()}
        />
      </>
    );
  }

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Reconciliation</h1>
      <div className="row g-3 mb-3">
        <div className="col-12 col-xl-5">
          <ImportPanel onOpen={onImported} />
        </div>
        <div className="col-12 col-xl-7">
          <ImportHistory
            records={history.data?.data.records}
            page={historyPage}
            lastPage={history.data?.data.lastPage ?? 1}
            onPage={setHistoryPage}
            selectedId={id}
            onSelect={open}
            loading={history.isPending}
            error={history.isError ? history.error : undefined}
            onRetry={() => void history.refetch()}
          />
        </div>
      </div>
      {selected}
    </div>
  );
}
