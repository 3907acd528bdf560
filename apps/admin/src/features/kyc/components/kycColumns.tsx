import type { AdminKyc, AdminKycDocument } from '@prelaunch/api';
import { dash, KycStatusBadge, serial, ymd, type ResponsiveColumn, type ViewerDocument } from '@prelaunch/ui';

/** What each document is called on screen. */
export const KYC_KIND_LABEL: Record<string, string> = {
  PAN: 'PAN card',
  AADHAAR_FRONT: 'Aadhaar front',
  AADHAAR_BACK: 'Aadhaar back',
  SELFIE: 'Selfie',
};

const ORDER = ['PAN', 'AADHAAR_FRONT', 'AADHAAR_BACK', 'SELFIE'];

/**
 * A buyer's documents in the viewer's order (PAN, Aadhaar front and back, selfie); after a
 * resubmission, the ones the buyer replaced say so ("Aadhaar back · changed since the rejection").
 */
export function viewerDocuments(docs: readonly AdminKycDocument[], changed: readonly string[] = [], ekycPhoto = ''): ViewerDocument[] {
  const photo: ViewerDocument[] = ekycPhoto ? [{ label: 'e-KYC photo (UIDAI)', url: ekycPhoto, contentType: 'image/jpeg' }] : [];
  return photo.concat(
    [...docs]
    .sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
    .map((d) => ({
      label: `${KYC_KIND_LABEL[d.kind] ?? d.kind}${changed.includes(d.kind) ? ` ${CHANGED_MARK}` : ''}`,
      url: d.url,
      contentType: d.contentType,
    })),
  );
}

/** The name match of a record, as the review shows it: "Name match 45 (below 80)". */
export function nameMatchText(r: Pick<AdminKyc, 'nameScore' | 'nameMatchMin' | 'nameMismatch'>): string | null {
  if (r.nameScore === null) return null;
  return r.nameMismatch ? `Name match ${r.nameScore} (below ${r.nameMatchMin})` : `Name match ${r.nameScore}`;
}

/** Where a location's coordinates are written for the reviewer: degrees to 4 places and the accuracy. */
function place(e: NonNullable<AdminKyc['evidence']>): string {
  if (e.locationStatus !== 'GRANTED' || e.latitude == null || e.longitude == null) {
    return { DECLINED: 'Location declined', UNAVAILABLE: 'Location unavailable', NOT_SENT: 'No location sent', GRANTED: 'Location' }[e.locationStatus];
  }
  const acc = e.accuracyM != null ? ` (±${e.accuracyM} m)` : '';
  return `Location ${e.latitude.toFixed(4)}, ${e.longitude.toFixed(4)}${acc}`;
}

/** The checks beside a submission: the mobile proved by SMS, the verified bank account, and the submission's evidence. */
export function KycChecks({ row: r }: { row: AdminKyc }) {
  const a = r.bankAccount;
  const e = r.evidence;
  return (
    <span className="d-inline-flex flex-column small" data-testid="kyc-checks">
      <span>{r.mobileVerifiedAt ? `Mobile verified ${ymd(r.mobileVerifiedAt)}` : 'Mobile not verified'}</span>
      {a ? (
        <span>
          {a.bankName} <span className="font-monospace">{a.accountMasked}</span> · {a.holderName}
          {a.nameMatches ? null : <span className="badge text-bg-warning ms-1">Holder name differs</span>}
        </span>
      ) : (
        <span>No bank account</span>
      )}
      {e ? (
        <span className="text-body-secondary text-break" title={e.userAgent}>
          IP {e.ip} · {place(e)}
        </span>
      ) : (
        <span className="text-body-secondary">No evidence recorded</span>
      )}
    </span>
  );
}

/** How a document replaced since the rejected submission is marked. */
export const CHANGED_MARK = '· changed since the rejection';

export interface KycActions {
  onView: (row: AdminKyc) => void;
  onApprove: (row: AdminKyc) => void;
  onReject: (row: AdminKyc) => void;
}

/** The KYC review list: the buyer, the PAN (whole) and the masked Aadhaar number, the documents, the status and the decision. */
export function kycColumns(page: number, limit: number, actions: KycActions): ResponsiveColumn<AdminKyc>[] {
  return [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    {
      key: 'buyer',
      header: 'Buyer',
      card: 'title',
      cardLabel: 'Buyer',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span className="fw-semibold">{r.name}</span>
          <span className="small text-body-secondary">
            <span className="visually-hidden">Member ID </span>
            {dash(r.memberId)} · {r.mobile}
          </span>
          <span className="small text-body-secondary text-break">{r.email}</span>
        </span>
      ),
    },
    {
      key: 'numbers',
      header: 'PAN / Aadhaar',
      cardLabel: 'PAN / Aadhaar',
      render: (r) => (
        <span className="d-inline-flex flex-column font-monospace small text-nowrap">
          <span>
            <span className="visually-hidden">PAN </span>
            {r.panNumber}
          </span>
          <span>
            <span className="visually-hidden">Aadhaar </span>
            {r.aadhaarNumber}
          </span>
        </span>
      ),
    },
    {
      key: 'checks',
      header: 'Mobile / Bank / Evidence',
      cardLabel: 'Checks',
      render: (r) => <KycChecks row={r} />,
    },
    {
      key: 'documents',
      header: 'Documents',
      render: (r) =>
        r.documents.length || r.ekyc ? (
          <span className="d-inline-flex flex-column align-items-start gap-1">
            <button type="button" className="btn btn-sm btn-outline-primary text-nowrap" onClick={() => actions.onView(r)}
              aria-label={r.ekyc ? `View e-KYC of ${r.name}` : `View documents of ${r.name}`}
            >
              {r.ekyc ? 'View e-KYC' : `View (${r.documents.length})`}
            </button>
            {r.nameMismatch ? (
              <span className="small text-danger fw-semibold" data-testid="kyc-name-mismatch">
                {nameMatchText(r)}
              </span>
            ) : null}
            {r.resubmitted ? (
              <span className="small text-body-secondary" data-testid="kyc-changed">
                {r.changedDocuments.length
                  ? `Resubmitted; changed: ${r.changedDocuments.map((k) => KYC_KIND_LABEL[k] ?? k).join(', ')}`
                  : 'Resubmitted; no document changed'}
              </span>
            ) : null}
          </span>
        ) : (
          'None'
        ),
    },
    {
      key: 'status',
      header: 'Status',
      card: 'status',
      render: (r) => (
        <span className="d-inline-flex flex-column align-items-start gap-1">
          <KycStatusBadge status={r.status} />
          <span className="small text-body-secondary text-nowrap">Sent {ymd(r.submittedAt)}</span>
          {r.decidedAt ? <span className="small text-body-secondary text-nowrap">Decided {ymd(r.decidedAt)}</span> : null}
          {r.status === 'APPROVED' && r.expiresAt ? (
            <span className={`small text-nowrap${r.expired ? ' text-danger fw-semibold' : ' text-body-secondary'}`} data-testid="kyc-expires">
              {r.expired ? `Expired ${ymd(r.expiresAt)}` : `Until ${ymd(r.expiresAt)}`}
            </span>
          ) : null}
          {r.highRisk ? <span className="badge text-bg-warning">High risk</span> : null}
        </span>
      ),
    },
    {
      key: 'reason',
      header: 'Reason',
      className: 'pl-col-note',
      render: (r) =>
        r.status === 'REJECTED' && r.reason ? (
          <span className="small pl-decision-note" data-testid="kyc-reason">
            {r.reason}
          </span>
        ) : null,
    },
    {
      key: 'action',
      header: 'Action',
      className: 'text-nowrap',
      card: 'actions',
      render: (r) =>
        r.status === 'PENDING' ? (
          <div className="d-flex flex-wrap gap-1 pl-kyc-actions">
            <button type="button" className="btn btn-sm btn-success flex-fill" onClick={() => actions.onApprove(r)} aria-label={`Approve KYC of ${r.name}`}>
              Approve
            </button>
            <button type="button" className="btn btn-sm btn-danger flex-fill" onClick={() => actions.onReject(r)} aria-label={`Reject KYC of ${r.name}`}>
              Reject
            </button>
          </div>
        ) : (
          <span className="small text-body-secondary">Decided</span>
        ),
    },
  ];
}

/** The columns without Reason when no row is rejected with one, and without Action when none waits for review. */
export function visibleKycColumns(columns: ResponsiveColumn<AdminKyc>[], rows: readonly AdminKyc[] | undefined): ResponsiveColumn<AdminKyc>[] {
  const list = rows ?? [];
  return columns.filter(
    (c) =>
      (c.key !== 'reason' || list.some((r) => r.status === 'REJECTED' && r.reason)) &&
      (c.key !== 'action' || list.some((r) => r.status === 'PENDING')),
  );
}
