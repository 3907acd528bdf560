import type { GlobalStockRow, MyStockRow } from '@prelaunch/api';
import { formatDateTime, tokens, type Column } from '@prelaunch/ui';

function shortHash(v: string | null | undefined) {
  if (!v) return null;
  return v.length > 18 ? `${v.slice(0, 8)}…${v.slice(-6)}` : v;
}

/**
 * A duration in seconds as 'Xd Yh Zm' for the stock tables' Time Left: how long until all of an
 * allocation is unlocked. 'Unlocked' once it is; 'TGE not set' while the company has no TGE.
 */
export function formatTimeLeft(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'TGE not set';
  if (seconds <= 0) return 'Unlocked';
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${Math.max(m, 1)}m`;
}

/** A row's status as the buyer reads it. */
export const STOCK_STATUS_TEXT: Record<MyStockRow['status'], string> = {
  ALLOCATED: 'Allocated',
  UNLOCKED: 'Unlocked',
  DELIVERED: 'Delivered',
};

const STATUS_BADGE: Record<MyStockRow['status'], string> = {
  ALLOCATED: 'text-bg-secondary',
  UNLOCKED: 'text-bg-info',
  DELIVERED: 'text-bg-success',
};

/** 'Global Stock Details' columns: one row per holder, the wallet masked. */
export const globalColumns: Column<GlobalStockRow>[] = [
  { key: 'rank', header: 'Stock Rank' },
  { key: 'walletAddress', header: 'Wallet Address', render: (r) => r.walletAddress ?? <span className="text-body-secondary">No wallet yet</span> },
  { key: 'memberId', header: 'Member ID' },
  { key: 'quantity', header: 'Stock Qty.', className: 'text-nowrap', render: (r) => tokens(r.quantity) },
  { key: 'since', header: 'Holder since', render: (r) => formatDateTime(r.since) },
];

/** 'My Stock Details' columns: each allocation with its unlocked/locked split and delivery. */
export const myColumns: Column<MyStockRow>[] = [
  { key: 'memberId', header: 'Member ID' },
  { key: 'quantity', header: 'Stock Qty.', className: 'text-nowrap', render: (r) => tokens(r.quantity) },
  {
    key: 'status',
    header: 'Status',
    render: (r) => <span className={`badge ${STATUS_BADGE[r.status]}`}>{STOCK_STATUS_TEXT[r.status]}</span>,
  },
  { key: 'unlocked', header: 'Unlocked', className: 'text-nowrap', render: (r) => tokens(r.unlocked) },
  { key: 'locked', header: 'Locked', className: 'text-nowrap', render: (r) => tokens(r.locked) },
  {
    key: 'transactionHash',
    header: 'Transaction Hash',
    render: (r) =>
      r.transactionHash ? (
        r.explorerUrl ? (
          <a href={r.explorerUrl} target="_blank" rel="noopener noreferrer" title={r.transactionHash}>
            {shortHash(r.transactionHash)}
          </a>
        ) : (
          <span title={r.transactionHash}>{shortHash(r.transactionHash)}</span>
        )
      ) : (
        <span className="text-body-secondary">Not sent yet</span>
      ),
  },
  { key: 'createdAt', header: 'Date & Time', render: (r) => formatDateTime(r.createdAt) },
  { key: 'reward', header: 'Reward', className: 'text-nowrap', render: (r) => tokens(r.reward) },
  { key: 'timeLeft', header: 'Time Left', render: (r) => formatTimeLeft(r.timeLeft) },
];
