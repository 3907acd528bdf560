import type { GlobalStockRow, MyStockRow } from '@prelaunch/api';
import { formatDateTime, tokens, type Column } from '@prelaunch/ui';

function shortHash(v: string | null | undefined) {
  if (!v) return null;
  return v.length > 18 ? `${v.slice(0, 8)}…${v.slice(-6)}` : v;
}

/** A duration in seconds as 'Xd Yh Zm' for the stock tables' Time Left; '' when unknown. */
export function formatTimeLeft(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  if (seconds <= 0) return 'Unlocked';
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return d > 0 ? `${d}d ${h}h ${m}m` : `${h}h ${m}m`;
}

/** 'Global Stock Details' columns. */
export const globalColumns: Column<GlobalStockRow>[] = [
  { key: 'rank', header: 'Stock Rank' },
  { key: 'walletAddress', header: 'Wallet Address', render: (r) => <span title={r.walletAddress ?? ''}>{shortHash(r.walletAddress)}</span> },
  { key: 'quantity', header: 'Stock Qty.', className: 'text-nowrap', render: (r) => tokens(r.quantity) },
  { key: 'transactionHash', header: 'Transaction Hash', render: (r) => <span title={r.transactionHash ?? ''}>{shortHash(r.transactionHash)}</span> },
  { key: 'createdAt', header: 'Date & time', render: (r) => formatDateTime(r.createdAt) },
  { key: 'timeLeft', header: 'Time Left', render: (r) => formatTimeLeft(r.timeLeft) },
];

/** 'My Stock Details' columns. */
export const myColumns: Column<MyStockRow>[] = [
  { key: 'memberId', header: 'Member ID' },
  { key: 'quantity', header: 'Stock Qty.', className: 'text-nowrap', render: (r) => tokens(r.quantity) },
  { key: 'transactionHash', header: 'Transaction Hash', render: (r) => <span title={r.transactionHash ?? ''}>{shortHash(r.transactionHash)}</span> },
  { key: 'createdAt', header: 'Date & Time', render: (r) => formatDateTime(r.createdAt) },
  { key: 'reward', header: 'Reward', className: 'text-nowrap', render: (r) => tokens(r.reward) },
  { key: 'timeLeft', header: 'Time Left', render: (r) => formatTimeLeft(r.timeLeft) },
];
