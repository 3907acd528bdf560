/** A buyer's verification as both apps say it: NONE, PENDING, APPROVED, REJECTED, and EXPIRED (an approval past its expiry, as the admin's user and purchase lists show it). */
export const KYC_STATUS_TEXT: Record<string, string> = {
  NONE: 'Not submitted',
  PENDING: 'Pending review',
  APPROVED: 'Verified',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
};

export function kycStatusVariant(status: string | null | undefined): 'secondary' | 'warning' | 'success' | 'danger' {
  if (status === 'APPROVED') return 'success';
  if (status === 'REJECTED' || status === 'EXPIRED') return 'danger';
  if (status === 'PENDING') return 'warning';
  return 'secondary';
}

export function KycStatusBadge({ status, className }: { status: string | null | undefined; className?: string }) {
  const s = status || 'NONE';
  return (
    <span className={`badge text-bg-${kycStatusVariant(s)} ${className ?? ''}`.trim()} data-kyc-status={s}>
      {KYC_STATUS_TEXT[s] ?? s}
    </span>
  );
}
