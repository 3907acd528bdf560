import { ADMIN_FALLBACK, type DistributionTransfer, type DistributionTransferStatus } from '@prelaunch/api';
import {
  ConfirmDialog,
  FilterSelect,
  formatIst,
  ListCard,
  LoadError,
  Pagination,
  ResponsiveTable,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api';
import { useAdminMutation } from '../../../lib/mutation';
import {
  deliveryKeys,
  distributionPreviewQueryOptions,
  distributionTransfersQueryOptions,
  formatUnits,
  inFlight,
  txLink,
} from '../api/delivery';

export interface DistributionRunsProps {
  /** The token's symbol, shown after amounts. */
  symbol?: string;
  /** The token's decimals: amounts arrive in base units. */
  decimals?: number;
  /** The chain's explorer (e.g. https://sepolia.etherscan.io), for transaction links. */
  explorerUrl?: string;
}

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'QUEUED', label: 'Queued' },
  { value: 'SENT', label: 'Sent' },
  { value: 'CONFIRMED', label: 'Confirmed' },
  { value: 'FAILED', label: 'Failed' },
] as const;

const STATUS_BADGE: Record<DistributionTransferStatus, string> = {
  QUEUED: 'text-bg-secondary',
  SENT: 'text-bg-info',
  CONFIRMED: 'text-bg-success',
  FAILED: 'text-bg-danger',
};

const PAGE_SIZE = 20;

function shortHash(h: string) {
  return `${h.slice(0, 10)}…${h.slice(-6)}`;
}

/**
 * Token delivery: what a run would send, the Run button (confirmed with the total), the progress
 * of the transfers (polled while some are on their way), their list with transaction links, and
 * a failed transfer's reason with its Retry.
 */
export function DistributionRuns({ symbol = '', decimals = 18, explorerUrl }: DistributionRunsProps) {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [confirmRun, setConfirmRun] = useState(false);
  const [retrying, setRetrying] = useState<DistributionTransfer | null>(null);
  const preview = useQuery(distributionPreviewQueryOptions());
  const list = useQuery(distributionTransfersQueryOptions({ status: status as DistributionTransferStatus | '', page, limit: PAGE_SIZE }));
  const run = useAdminMutation(() => api.distributionRun(), ADMIN_FALLBACK.distributionRun, [deliveryKeys.all], {
    onDone: () => setConfirmRun(false),
    onFailed: () => setConfirmRun(false),
  });
  const retry = useAdminMutation((id: string) => api.distributionRetry(id), ADMIN_FALLBACK.distributionRetry, [deliveryKeys.all], {
    onDone: () => setRetrying(null),
    onFailed: () => setRetrying(null),
  });

  const amount = (units: string) => `${formatUnits(units, decimals)}${symbol ? ` ${symbol}` : ''}`;
  const p = preview.data?.data;
  const l = list.data?.data;
  const counts = l?.counts ?? { QUEUED: 0, SENT: 0, CONFIRMED: 0, FAILED: 0 };
  const all = counts.QUEUED + counts.SENT + counts.CONFIRMED + counts.FAILED;
  const done = counts.CONFIRMED + counts.FAILED;
  const sending = inFlight(l);

  const columns: ResponsiveColumn<DistributionTransfer>[] = [
    {
      key: 'user',
      header: 'Buyer',
      card: 'title',
      className: 'pl-wrap text-break',
      render: (t) => (
        <span className="d-inline-flex flex-column">
          <span>{t.user.name}</span>
          <span className="small text-body-secondary fw-normal">{t.user.email}</span>
        </span>
      ),
    },
    // The address wraps (two lines of 21) so the row fits a desk's width with Updated in view.
    { key: 'address', header: 'Wallet', className: 'pl-wrap pl-col-wallet text-break font-monospace small', render: (t) => t.address },
    { key: 'amount', header: 'Amount', render: (t) => amount(t.amount) },
    {
      key: 'status',
      header: 'Status',
      render: (t) => (
        <span className="d-inline-flex flex-column">
          <span className={`badge ${STATUS_BADGE[t.status]}`}>{t.status}</span>
          {t.status === 'SENT' && t.confirmations > 0 ? (
            <span className="small text-body-secondary">{t.confirmations} confirmations</span>
          ) : null}
          {t.status === 'FAILED' && t.error ? <span className="small text-danger">{t.error}</span> : null}
        </span>
      ),
    },
    {
      key: 'tx',
      header: 'Transaction',
      className: 'text-break small',
      render: (t) => {
        if (!t.txHash) return '—';
        const href = txLink(t.txUrl, t.txHash, explorerUrl);
        return href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="font-monospace">
            {shortHash(t.txHash)}
          </a>
        ) : (
          <span className="font-monospace">{shortHash(t.txHash)}</span>
        );
      },
    },
    {
      key: 'updated',
      header: 'Updated',
      className: 'text-wrap pl-col-when',
      render: (t) => {
        // "25/11/2026, 02:17:05 pm IST": the day over the time, so the column stays narrow.
        const [day, time] = formatIst(t.updatedAt).split(', ');
        return (
          <span className="d-inline-block">
            <span className="text-nowrap">{day}</span> <span className="text-nowrap small text-body-secondary">{time}</span>
          </span>
        );
      },
    },
    {
      key: 'action',
      header: 'Action',
      card: 'actions',
      render: (t) =>
        t.status === 'FAILED' && !t.retriedBy ? (
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setRetrying(t)} aria-label={`Retry the transfer to ${t.user.name}`}>
            Retry
          </button>
        ) : t.retriedBy ? (
          <span className="small text-body-secondary">Retried</span>
        ) : null,
    },
  ];

  return (
    <div className="d-flex flex-column gap-3">
      <ListCard title="Send tokens">
        <div className="p-3 d-flex flex-wrap align-items-center gap-3">
          {preview.error ? (
            <LoadError error={preview.error} fallback={ADMIN_FALLBACK.distributionPreview} onRetry={() => void preview.refetch()} />
          ) : p ? (
            <>
              <div>
                <div>
                  To send now: <strong data-testid="run-total">{amount(p.total)}</strong> to {p.transfers.length}{' '}
                  {p.transfers.length === 1 ? 'buyer' : 'buyers'}
                </div>
                <div className={p.enough ? 'small text-body-secondary' : 'small text-danger'}>
                  Treasury: {amount(p.treasuryBalance)}
                  {p.enough ? '' : ' — not enough for this run'}
                </div>
              </div>
              <button
                type="button"
                className="btn btn-primary ms-auto"
                disabled={p.transfers.length === 0 || !p.enough || sending || run.isPending}
                onClick={() => setConfirmRun(true)}
              >
                Run distribution
              </button>
            </>
          ) : (
            <span role="status">Loading what the run would send...</span>
          )}
        </div>
        {all > 0 ? (
          <div className="px-3 pb-3">
            <div className="small mb-1" aria-live="polite" data-testid="run-progress">
              {done} of {all} final · {counts.CONFIRMED} confirmed · {counts.FAILED} failed
              {sending ? ` · ${counts.QUEUED + counts.SENT} on their way` : ''}
            </div>
            <div
              className="progress"
              role="progressbar"
              aria-label="Transfers final"
              aria-valuemin={0}
              aria-valuemax={all}
              aria-valuenow={done}
            >
              <div className="progress-bar" style={{ width: `${all ? Math.round((done / all) * 100) : 0}%` }} />
            </div>
          </div>
        ) : null}
      </ListCard>

      <ListCard title="Transfers">
        <div className="px-3 pt-3">
          <FilterSelect
            label="Status"
            value={status}
            options={STATUS_OPTIONS}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </div>
        <ResponsiveTable
          label="Transfers"
          columns={columns}
          rows={l?.records}
          loading={list.isLoading}
          loadingText="Loading transfers..."
          error={list.error}
          errorFallback={ADMIN_FALLBACK.distributionList}
          onRetry={() => void list.refetch()}
          emptyText="No transfers yet. A run sends every buyer what they are owed."
        />
        <Pagination compact label="Transfer pages" page={page} pageCount={l?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>

      <ConfirmDialog
        show={confirmRun}
        title="Run distribution"
        message={p ? `Send ${amount(p.total)} to ${p.transfers.length} ${p.transfers.length === 1 ? 'buyer' : 'buyers'}?` : 'Send tokens?'}
        target="Each buyer receives their transfer once, from the treasury, on chain. This cannot be undone."
        confirmLabel="Send"
        pending={run.isPending}
        onConfirm={() => run.mutate(undefined)}
        onClose={() => setConfirmRun(false)}
      />
      <ConfirmDialog
        show={!!retrying}
        title="Retry transfer"
        message={retrying ? `Send ${amount(retrying.amount)} to ${retrying.user.name} again?` : ''}
        target={retrying ? <span className="text-break">It failed: {retrying.error || 'reverted'}. Wallet {retrying.address}.</span> : null}
        confirmLabel="Retry"
        danger
        pending={retry.isPending}
        onConfirm={() => retrying && retry.mutate(retrying.id)}
        onClose={() => setRetrying(null)}
      />
    </div>
  );
}
