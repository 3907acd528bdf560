import type { ReactNode } from 'react';
import { grouped, num } from './format';

/** Share sold of an allocation, 0–100, rounded down to one decimal (never 100 while anything is left). */
export function soldPercent(sold: unknown, allocation: unknown): number {
  const a = num(allocation);
  const s = Math.max(0, num(sold));
  if (a <= 0) return 0;
  if (s >= a) return 100;
  return Math.floor((s / a) * 1000) / 10;
}

export interface SaleProgressProps {
  sold: number | string | null | undefined;
  allocation: number | string | null | undefined;
  /** What the bar measures, read by screen readers ("Seed round sold"). */
  label: string;
  /** Text under the bar; defaults to "sold / allocation tokens sold (n %)". */
  caption?: ReactNode;
  unit?: string;
  className?: string;
}

/** A round's (or the private sale's) progress, sold of its allocation, as a labelled bar. */
export function SaleProgress({ sold, allocation, label, caption, unit = 'tokens', className }: SaleProgressProps) {
  const pct = soldPercent(sold, allocation);
  const text = `${grouped(num(sold))} / ${grouped(num(allocation))} ${unit} sold (${pct}%)`;
  return (
    <div className={className}>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={text}
        style={{ height: '0.6rem' }}
      >
        <div className={`progress-bar ${pct >= 100 ? 'bg-secondary' : 'pl-progress-fill'}`} style={{ width: `${pct}%` }} />
      </div>
      <div className="small mt-1 text-body-secondary">{caption ?? text}</div>
    </div>
  );
}

/** Sale statuses, as both apps show them. */
export const SALE_STATUS_TEXT: Record<string, string> = {
  OPEN: 'Open',
  SCHEDULED: 'Scheduled',
  PAUSED: 'Paused',
  SOLD_OUT: 'Sold out',
  CLOSED: 'Closed',
};

const SALE_STATUS_VARIANT: Record<string, string> = {
  OPEN: 'text-bg-success',
  SCHEDULED: 'text-bg-info',
  PAUSED: 'text-bg-warning',
  SOLD_OUT: 'text-bg-dark',
  CLOSED: 'text-bg-danger',
};

export function SaleStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const s = String(status ?? '');
  return (
    <span className={`badge ${SALE_STATUS_VARIANT[s] ?? 'text-bg-secondary'} ${className ?? ''}`.trim()} data-sale-status={s}>
      {SALE_STATUS_TEXT[s] ?? (s || 'N/A')}
    </span>
  );
}
