import type { Kyc } from '@prelaunch/api';
import { formatDateTime, KycStatusBadge } from '@prelaunch/ui';
import { kycLabel } from '../validation';
import { DocumentPreview } from './DocumentSlot';

/** What each state means to the buyer and what to do next. */
const NEXT: Record<string, string> = {
  NONE: 'Verify your identity with your PAN and Aadhaar. Larger purchases may need it.',
  PENDING: 'Thank you. An admin is reviewing your details; you will get an email with the result.',
  APPROVED: 'Your identity is verified.',
  REJECTED: 'Your verification was not accepted. Correct what the reason names and submit again below.',
};

/** A verification's end as the buyer reads it: 27 Nov 2027 (IST). */
function expiryDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
}

/** The status badge, what it means, a rejection's reason, and a verification's end. */
export function KycStatusPanel({ kyc }: { kyc: Kyc }) {
  return (
    <section className="pl-panel p-3 p-md-4 mb-3" aria-labelledby="kyc-status-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0" id="kyc-status-title">
          Status
        </h2>
        {/* An approval past its end reads Expired, as the admin's lists say it. */}
        <KycStatusBadge status={kyc.status === 'APPROVED' && kyc.expired ? 'EXPIRED' : kyc.status} className="fs-6" />
      </div>
      <p className="mb-0" data-testid="kyc-next">
        {kyc.status === 'APPROVED' && kyc.expired
          ? 'Your verification has expired. Please verify your identity again below; larger purchases need it.'
          : (NEXT[kyc.status] ?? '')}
      </p>
      {kyc.status === 'APPROVED' && kyc.expiresAt ? (
        <p className={`fw-semibold mt-2 mb-0${kyc.expired ? ' text-danger' : ''}`} data-testid="kyc-expiry">
          {kyc.expired ? `Expired on ${expiryDay(kyc.expiresAt)}` : `Verified until ${expiryDay(kyc.expiresAt)}`}
        </p>
      ) : null}
      {kyc.status === 'REJECTED' ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert" data-testid="kyc-reason">
          <span className="fw-semibold">Reason:</span> {kyc.reason || 'No reason given.'}
        </div>
      ) : null}
      {kyc.submittedAt ? (
        <p className="small text-body-secondary mt-2 mb-0">
          Submitted {formatDateTime(kyc.submittedAt)}
          {kyc.decidedAt ? ` · reviewed ${formatDateTime(kyc.decidedAt)}` : ''}
        </p>
      ) : null}
    </section>
  );
}

/** A submission as sent (while it is reviewed, and once verified): masked numbers and the documents. */
export function KycSubmitted({ kyc }: { kyc: Kyc }) {
  return (
    <section className="pl-panel p-3 p-md-4" aria-labelledby="kyc-submitted-title">
      <h2 className="h5 mb-3" id="kyc-submitted-title">
        What you sent
      </h2>
      <div className="pl-kv">
        <span>PAN number</span>
        <span className="font-monospace" data-testid="kyc-pan-masked">
          {kyc.panNumber}
        </span>
      </div>
      {kyc.panName && (
        <div className="pl-kv">
          <span>Name on PAN</span>
          <span>{kyc.panName}</span>
        </div>
      )}
      {kyc.ekycName && (
        <div className="pl-kv">
          <span>Name in your e-KYC</span>
          <span data-testid="kyc-ekyc-name">{kyc.ekycName}</span>
        </div>
      )}
      <div className="pl-kv">
        <span>Aadhaar number</span>
        <span className="font-monospace" data-testid="kyc-aadhaar-masked">
          {kyc.aadhaarNumber}
        </span>
      </div>
      <div className="row g-3 mt-1">
        {kyc.documents.map((d) => (
          <div key={d.kind} className="col-6 col-md-3">
            <div className="small fw-semibold mb-1">{kycLabel(d.kind).replace(' (optional)', '')}</div>
            <DocumentPreview doc={{ url: d.url, contentType: d.contentType, name: 'View PDF' }} label={kycLabel(d.kind)} />
          </div>
        ))}
      </div>
    </section>
  );
}
