import type { ReconcileLine, ReconcilePurchase } from '@prelaunch/api';
import { dash, rupees, type ResponsiveColumn } from '@prelaunch/ui';
import { Link } from 'react-router';
import { MatchBadge } from './MatchBadge';
import { canRejectLine } from './RejectMismatchDialog';

/**
 * Purchase Request filtered by the order number (its ?search1=), on the tab that lists the
 * purchase: history for a decided one, requests otherwise.
 */
export function purchaseLink(p: Pick<ReconcilePurchase, 'orderNumber' | 'status'>): string {
  const q = new URLSearchParams({ search1: p.orderNumber });
  if (p.status === 'APPROVED' || p.status === 'REJECTED') q.set('tab', 'history');
  return `/admin/purchaserequest?${q.toString()}`;
}

function Purchase({ line, onReject }: { line: ReconcileLine; onReject?: (line: ReconcileLine) => void }) {
  const purchase = line.purchase;
  if (!purchase) return '--';
  return (
    <span className="d-inline-flex flex-column">
      <Link to={purchaseLink(purchase)} className="fw-semibold text-nowrap" aria-label={`Open purchase ${purchase.orderNumber}`}>
        {purchase.orderNumber}
      </Link>
      <span className="small text-body-secondary">
        {purchase.user.name} · <span className="visually-hidden">Member ID </span>
        {dash(purchase.user.referralCode)}
      </span>
      <span className="small text-body-secondary">
        {purchase.status} · {rupees(purchase.finalAmount)}
      </span>
      {onReject && canRejectLine(line) ? (
        <button
          type="button"
          className="btn btn-sm btn-outline-danger mt-1 align-self-start"
          aria-label={`Reject purchase ${purchase.orderNumber}`}
          onClick={() => onReject(line)}
        >
          Reject
        </button>
      ) : null}
    </span>
  );
}

/** A statement's credit lines, narrow enough for the admin area at 1440 px. */
export function lineColumns(onReject?: (line: ReconcileLine) => void): ResponsiveColumn<ReconcileLine>[] {
  return [
    {
      key: 'lineNo',
      header: 'Line / Date',
      cardLabel: 'Line',
      card: 'title',
      className: 'text-nowrap',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>
            <span className="visually-hidden">Line </span>#{r.lineNo}
          </span>
          <span className="small text-body-secondary fw-normal">{r.date}</span>
        </span>
      ),
    },
    { key: 'description', header: 'Description', className: 'pl-wrap text-break', render: (r) => dash(r.description) },
    { key: 'utr', header: 'UTR', className: 'text-break', render: (r) => dash(r.utr) },
    { key: 'credit', header: 'Credit', className: 'text-nowrap', card: 'amount', render: (r) => (r.credit === null ? 'Unreadable' : rupees(r.credit)) },
    { key: 'matchStatus', header: 'Status', card: 'status', render: (r) => <MatchBadge status={r.matchStatus} /> },
    {
      key: 'note',
      header: 'Note',
      className: 'pl-wrap',
      render: (r) =>
        r.warnings.length ? (
          <span className="d-inline-flex flex-column">
            <span>{r.note || '--'}</span>
            {r.warnings.map((w) => (
              <span key={w} className="small text-warning-emphasis" data-testid="payer-warning">
                <span aria-hidden="true">⚠ </span>
                {w}
              </span>
            ))}
          </span>
        ) : (
          r.note || '--'
        ),
    },
    { key: 'purchase', header: 'Purchase', render: (r) => <Purchase line={r} onReject={onReject} /> },
  ];
}
