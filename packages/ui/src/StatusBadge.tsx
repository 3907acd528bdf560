/**
 * Badge colours: green for approved or success (and COMPLETED), red for reject,
 * rejected or failed, yellow for pending, grey otherwise. A company: ACTIVE green,
 * SUSPENDED red.
 */
export function statusVariant(status: string | null | undefined): 'success' | 'danger' | 'warning' | 'secondary' {
  const s = String(status ?? '').trim().toLowerCase();
  if (s === 'approved' || s === 'success' || s === 'completed' || s === 'active') return 'success';
  if (s === 'reject' || s === 'rejected' || s === 'failed' || s === 'suspended') return 'danger';
  if (s === 'pending') return 'warning';
  return 'secondary';
}

export function StatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const variant = statusVariant(status);
  return (
    <span className={`badge text-bg-${variant} ${className ?? ''}`.trim()} data-status={status ?? ''}>
      {status || 'N/A'}
    </span>
  );
}
