import type { AdminUser } from '@prelaunch/api';
import { dash, KycStatusBadge, serial, tokens, ymd, type ResponsiveColumn } from '@prelaunch/ui';
import { PenIcon, TrashIcon } from '../../../components/Icons';

/**
 * The Manage User table: Sl.No, Name (the referral code under it), Email / Mobile, KYC, Stock, Date,
 * Approval, Action. Approval is a status badge only (Waiting or Verified, and "Two-factor locked" for an
 * admin whose wrong codes locked the two-factor sign-in); approving is the row's own Approve
 * button in Action, beside Edit, Role and Delete; the company's owner also gets "Reset two-factor"
 * on a locked admin (`onResetTwoFactor`, only when the viewer is the owner). Name and Date sort.
 */
export function userColumns({
  page,
  limit,
  symbol,
  onApprove,
  onEdit,
  onRole,
  onDelete,
  onResetTwoFactor,
}: {
  page: number;
  limit: number;
  /** The token's symbol beside the stock. */
  symbol?: string;
  onApprove: (u: AdminUser) => void;
  onEdit: (u: AdminUser) => void;
  onRole: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  onResetTwoFactor?: (u: AdminUser) => void;
}): ResponsiveColumn<AdminUser>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    // Stacked in pairs (name over the referral code, email over the mobile) so that at 1280 px the
    // KYC, Stock, Date and Approval columns stay in view beside Action.
    {
      key: 'name',
      header: 'Name',
      card: 'title',
      sortKey: 'name',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{r.name}</span>
          <span className="small text-body-secondary fw-normal">
            <span className="visually-hidden">Referral Code </span>
            {dash(r.referralCode)}
          </span>
        </span>
      ),
    },
    {
      key: 'email',
      header: 'Email / Mobile',
      cardLabel: 'Email',
      className: 'pl-col-email',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{r.email}</span>
          <span className="small text-body-secondary">
            <span className="visually-hidden">Mobile </span>
            {r.mobile}
          </span>
        </span>
      ),
    },
    { key: 'kycStatus', header: 'KYC', render: (r) => <KycStatusBadge status={r.kycStatus} /> },
    { key: 'stockBalance', header: 'Stock', className: 'text-end text-nowrap', render: (r) => tokens(r.stockBalance, symbol) },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap', sortKey: 'date' },
    {
      key: 'approval',
      header: 'Approval',
      card: 'status',
      render: (r) =>
        <span className="d-inline-flex flex-wrap gap-1">
          {r.isApproved ? <span className="badge text-bg-success">Verified</span> : <span className="badge text-bg-warning">Waiting</span>}
          {r.twoFactorLocked ? <span className="badge text-bg-danger">Two-factor locked</span> : null}
        </span>,
    },
    {
      key: 'action',
      header: 'Action',
      className: 'text-nowrap pl-col-action',
      card: 'actions',
      render: (r) => (
        <div className="d-flex flex-wrap gap-1">
          {r.twoFactorLocked && onResetTwoFactor ? (
            <button type="button" className="btn btn-sm btn-outline-warning text-nowrap" onClick={() => onResetTwoFactor(r)}>
              Reset two-factor<span className="visually-hidden"> of {r.name}</span>
            </button>
          ) : null}
          {!r.isApproved ? (
            <button type="button" className="btn btn-sm btn-success" aria-label={`Approve ${r.name}`} onClick={() => onApprove(r)}>
              Approve
            </button>
          ) : null}
          <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Edit ${r.name}`} onClick={() => onEdit(r)}>
            <PenIcon />
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Change role of ${r.name}`} onClick={() => onRole(r)}>
            Role
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${r.name}`} onClick={() => onDelete(r)}>
            <TrashIcon />
          </button>
        </div>
      ),
    },
  ];
}
