import type { AdminUser } from '@prelaunch/api';
import { dash, serial, ymd, type ResponsiveColumn } from '@prelaunch/ui';
import { PenIcon, TrashIcon } from '../../../components/Icons';

/**
 * SPEC §2 Manage User table: Sl.No, Name, Email, Mobile, Referral Code, Date, Approval, Action.
 * An admin whose two-factor sign-in wrong codes locked is marked; the company's owner gets a
 * button to reset it (`onResetTwoFactor`, only when the viewer is the owner).
 */
export function userColumns({
  page,
  limit,
  onApprove,
  onEdit,
  onDelete,
  onResetTwoFactor,
}: {
  page: number;
  limit: number;
  onApprove: (u: AdminUser) => void;
  onEdit: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
  onResetTwoFactor?: (u: AdminUser) => void;
}): ResponsiveColumn<AdminUser>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'name', header: 'Name', card: 'title' },
    { key: 'email', header: 'Email' },
    { key: 'mobile', header: 'Mobile' },
    { key: 'referralCode', header: 'Referral Code', render: (r) => dash(r.referralCode) },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
    {
      key: 'approval',
      header: 'Approval',
      card: 'status',
      render: (r) =>
        r.twoFactorLocked ? (
          <span className="d-inline-flex flex-wrap gap-1">
            {r.isApproved ? <span className="badge text-bg-success">Verified</span> : null}
            <span className="badge text-bg-danger">Two-factor locked</span>
          </span>
        ) : r.isApproved ? (
          <span className="badge text-bg-success">Verified</span>
        ) : (
          <button type="button" className="btn btn-sm btn-warning" aria-label={`Waiting: approve ${r.name}`} onClick={() => onApprove(r)}>
            Waiting
          </button>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'text-nowrap',
      card: 'actions',
      render: (r) => (
        <div className="d-flex flex-wrap gap-1">
          {r.twoFactorLocked && onResetTwoFactor ? (
            <button type="button" className="btn btn-sm btn-outline-warning text-nowrap" onClick={() => onResetTwoFactor(r)}>
              Reset two-factor<span className="visually-hidden"> of {r.name}</span>
            </button>
          ) : null}
          <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Edit ${r.name}`} onClick={() => onEdit(r)}>
            <PenIcon />
          </button>
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Delete ${r.name}`} onClick={() => onDelete(r)}>
            <TrashIcon />
          </button>
        </div>
      ),
    },
  ];
}
