import type { ReconcileApproveResult, ReconcileImport } from '@prelaunch/api';
import { ButtonLabel, ConfirmDialog, formatIst, grouped, toastSuccess } from '@prelaunch/ui';
import { useState } from 'react';
import { MATCH_STATUSES, approveResultText, useApproveMatched } from '../api/reconcile';
import { MATCH_VARIANT } from './MatchBadge';

function Stat({ label, value, variant }: { label: string; value: number; variant?: string }) {
  return (
    <div className={`border rounded-3 p-2${variant ? ` pl-stat-accent border-${variant}` : ''}`}>
      <dt className="small fw-normal text-body-secondary">{label}</dt>
      <dd className="fs-5 fw-bold mb-0">{grouped(value)}</dd>
    </div>
  );
}

/**
 * The import's counts, "Approve N matched" (N = the MATCHED lines whose purchase is
 * still PENDING) behind a confirmation, and the approval's result.
 */
export function ImportSummary({ im }: { im: ReconcileImport }) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ id: string; r: ReconcileApproveResult } | null>(null);
  const approve = useApproveMatched({
    // One toast: the result ("Approved 2, skipped 0"), not the server's message besides.
    quiet: () => true,
    onDone: (res) => {
      setConfirming(false);
      setResult({ id: im.id, r: res.data });
      toastSuccess(approveResultText(res.data));
    },
    onFailed: () => setConfirming(false),
  });
  const n = im.toApprove;
  const last = result?.id === im.id ? result.r : null;

  return (
    <section className="card border-0 shadow-sm" aria-labelledby="reconcile-summary-title">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
          <div className="me-auto min-w-0">
            <h2 id="reconcile-summary-title" className="h5 mb-1 text-break">
              {im.fileName}
            </h2>
            <div className="small text-body-secondary">
              Imported {formatIst(im.createdAt)}
              {im.importedBy ? ` by ${im.importedBy}` : ''}
            </div>
          </div>
          {n === 0 ? (
            // Nothing left: a plain grey button that does not look like an action.
            <button type="button" className="btn btn-outline-secondary" disabled>
              Nothing to approve
            </button>
          ) : (
            <button type="button" className="btn btn-success" disabled={approve.isPending} onClick={() => setConfirming(true)}>
              <ButtonLabel pending={approve.isPending} idle={`Approve ${grouped(n)} matched`} busy="Approving..." />
            </button>
          )}
        </div>
        <dl className="pl-stat-grid mb-0" aria-label="Import summary">
          <Stat label="Lines" value={im.lines} />
          <Stat label="Credits" value={im.credits} />
          {MATCH_STATUSES.map((s) => (
            <Stat key={s.value} label={s.label} value={im[s.count]} variant={MATCH_VARIANT[s.value]} />
          ))}
        </dl>
        {last ? (
          <div className="alert alert-success mt-3 mb-0" role="status">
            {`${approveResultText(last)}.`}
            {last.skipped > 0 ? ' Skipped purchases were no longer pending (decided meanwhile).' : null}
          </div>
        ) : n === 0 && im.matched > 0 ? (
          <p className="small text-body-secondary mt-3 mb-0">Every matched purchase has been decided; nothing is left to approve.</p>
        ) : null}
      </div>
      <ConfirmDialog
        show={confirming}
        title="Approve matched purchases"
        message={`Approve ${grouped(n)} matched purchase${n === 1 ? '' : 's'}?`}
        target={<span className="text-break">From {im.fileName}</span>}
        confirmLabel="Approve"
        pending={approve.isPending}
        onConfirm={() => approve.mutate(im.id)}
        onClose={() => setConfirming(false)}
      >
        <p className="small text-body-secondary mt-2 mb-0">
          Each purchase is approved exactly as a manual approval: the buyer is credited, referral rewards are paid and the
          decision is emailed. Purchases decided meanwhile are skipped.
        </p>
      </ConfirmDialog>
    </section>
  );
}
